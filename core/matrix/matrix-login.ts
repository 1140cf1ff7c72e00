// The bot's access token: from config, else the one stored after a password login, else a password login now (stored).
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { Logger } from '../logger.ts';
import type { MatrixBotSdk } from './load-matrix-sdk.ts';
import { createMatrixClient } from './matrix-client.ts';
import type { MatrixKvStore } from './matrix-storage.ts';

type MatrixConfig = QuorraConfig['matrix'];

/** Whether config has what the runtime needs: a homeserver and a token or a user and password. */
export function matrixConfigured(cfg: MatrixConfig): { ok: true } | { ok: false; reason: string } {
  if (!cfg.homeserverUrl) return { ok: false, reason: 'MATRIX_HOMESERVER_URL is not set' };
  if (!cfg.accessToken && !(cfg.userId && cfg.password))
    return {
      ok: false,
      reason: 'neither MATRIX_ACCESS_TOKEN nor MATRIX_USER_ID and MATRIX_PASSWORD are set',
    };
  return { ok: true };
}

/** Resolves the token to use; `fresh` forces a new password login (the stored token was refused). */
export async function accessTokenFor(
  cfg: MatrixConfig,
  kv: MatrixKvStore,
  sdk: MatrixBotSdk,
  logger: Logger,
  opts: { fresh?: boolean } = {},
): Promise<string> {
  if (cfg.accessToken && !opts.fresh) return cfg.accessToken;
  if (!opts.fresh) {
    const [token, user] = [await kv.get('auth.token'), await kv.get('auth.user')];
    if (token && user === cfg.userId) return token;
  }
  if (!cfg.userId || !cfg.password)
    throw new QuorraError(
      'QUORRA_MATRIX_NO_CREDENTIALS',
      'no usable Matrix access token and no password to log in with',
    );
  const client = createMatrixClient(sdk, { homeserverUrl: cfg.homeserverUrl!, accessToken: '' });
  const res = await client.doRequest('POST', '/_matrix/client/v3/login', null, {
    type: 'm.login.password',
    identifier: { type: 'm.id.user', user: cfg.userId },
    password: cfg.password,
    initial_device_display_name: cfg.deviceName,
  });
  await kv.set('auth.token', res.access_token);
  await kv.set('auth.user', cfg.userId);
  await kv.set('auth.device', res.device_id ?? '');
  logger.info(
    { userId: res.user_id, deviceId: res.device_id },
    'logged in to Matrix with the password; token stored',
  );
  return res.access_token;
}
