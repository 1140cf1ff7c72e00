// Creates a family member's Matrix account on the bundled Synapse through its shared-secret admin registration API
// (GET a nonce, POST with an HMAC-SHA1 over nonce, user, password and admin|notadmin), so nobody types a command.
import { createHmac, randomBytes } from 'node:crypto';
import { QuorraError } from '../contracts/errors.ts';

export interface NewMatrixAccount {
  userId: string;
  /** The temporary password the person signs in to Element with (and is asked to change). */
  password: string;
}

/** The mac Synapse checks: hex HMAC-SHA1 keyed with the shared secret over the NUL-separated fields. */
export function registrationMac(
  secret: string,
  nonce: string,
  user: string,
  password: string,
  admin: boolean,
) {
  return createHmac('sha1', secret)
    .update(`${nonce}\x00${user}\x00${password}\x00${admin ? 'admin' : 'notadmin'}`)
    .digest('hex');
}

/** A temporary password: 16 random bytes, readable enough to type from a screen if the QR code cannot be used. */
export function temporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}

const WORDS: Record<string, string> = {
  M_USER_IN_USE: 'that Matrix user name is taken already; choose another',
  M_FORBIDDEN: 'the homeserver refused the registration secret (check MATRIX_REGISTRATION_SHARED_SECRET)',
  M_INVALID_USERNAME: 'that is not a valid Matrix user name',
};

/** Registers `username` (a localpart) and returns its Matrix ID and temporary password; errors in words. */
export async function registerWithSharedSecret(input: {
  homeserverUrl: string;
  sharedSecret: string;
  username: string;
  displayName: string;
  password?: string;
}): Promise<NewMatrixAccount> {
  const base = input.homeserverUrl.replace(/\/+$/, '');
  const endpoint = `${base}/_synapse/admin/v1/register`;
  const password = input.password ?? temporaryPassword();
  const call = async (init?: RequestInit) => {
    const res = await fetch(endpoint, { ...init, signal: AbortSignal.timeout(10_000) }).catch(() => {
      throw new QuorraError(
        'QUORRA_MATRIX_REGISTRATION_FAILED',
        'Could not create the Matrix account: the homeserver cannot be reached.',
        undefined,
        'upstream',
      );
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && body) return body;
    const code =
      typeof body?.errcode === 'string' && /^M_[A-Z_]{1,40}$/.test(body.errcode) ? body.errcode : undefined;
    throw new QuorraError(
      'QUORRA_MATRIX_REGISTRATION_FAILED',
      `Could not create the Matrix account: ${(code && WORDS[code]) ?? `the homeserver answered HTTP ${res.status}${code ? ` (${code})` : ''}`}.`,
      undefined,
      'upstream',
    );
  };
  const { nonce } = await call();
  if (typeof nonce !== 'string')
    throw new QuorraError(
      'QUORRA_MATRIX_REGISTRATION_FAILED',
      'The homeserver sent no nonce.',
      undefined,
      'upstream',
    );
  const made = await call({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nonce,
      username: input.username,
      displayname: input.displayName,
      password,
      admin: false,
      mac: registrationMac(input.sharedSecret, nonce, input.username, password, false),
    }),
  });
  if (typeof made.user_id !== 'string')
    throw new QuorraError(
      'QUORRA_MATRIX_REGISTRATION_FAILED',
      'The homeserver created no account.',
      undefined,
      'upstream',
    );
  return { userId: made.user_id, password };
}
