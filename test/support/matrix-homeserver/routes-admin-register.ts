// Synapse's shared-secret registration (/_synapse/admin/v1/register) as Synapse serves it: a one-time nonce, then a
// POST whose mac is the HMAC-SHA1 (key: registration_shared_secret) of nonce, user, password and admin|notadmin,
// NUL-separated. Off unless the double was started with a shared secret, as on a Synapse without one.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MatrixApiError, matrixErrors } from './errors.ts';
import { type Route, type RouteContext, route } from './router.ts';
import { objectBody } from './routes-account.ts';

/** Nonces handed out and not used yet, with when they expire (Synapse keeps them 60 s). */
const nonces = new WeakMap<object, Map<string, number>>();
const NONCE_TTL_MS = 60_000;

function pending(ctx: RouteContext): Map<string, number> {
  const m = nonces.get(ctx.hs) ?? new Map<string, number>();
  nonces.set(ctx.hs, m);
  return m;
}

function secretOf(ctx: RouteContext): string {
  const secret = ctx.hs.registrationSharedSecret;
  if (!secret) throw new MatrixApiError(400, 'M_UNKNOWN', 'Shared secret registration is not enabled');
  return secret;
}

function nonce(ctx: RouteContext): unknown {
  secretOf(ctx);
  const n = randomBytes(16).toString('hex');
  pending(ctx).set(n, Date.now() + NONCE_TTL_MS);
  return { nonce: n };
}

function register(ctx: RouteContext): unknown {
  const secret = secretOf(ctx);
  const body = objectBody(ctx);
  const { nonce: n, username, password, mac } = body;
  const admin = body.admin === true;
  if (typeof n !== 'string') throw new MatrixApiError(400, 'M_UNKNOWN', 'nonce must be specified');
  const expires = pending(ctx).get(n);
  if (!expires || expires < Date.now()) throw new MatrixApiError(400, 'M_UNKNOWN', 'unrecognised nonce');
  // like Synapse, a nonce is spent by the attempt, whether or not it succeeds
  pending(ctx).delete(n);
  if (typeof username !== 'string' || !username || /[\s:@]/.test(username))
    throw matrixErrors.invalidParam('Invalid username');
  if (typeof password !== 'string' || !password || password.length > 512)
    throw matrixErrors.invalidParam('Invalid password');
  if (typeof mac !== 'string') throw matrixErrors.missingParam('mac must be specified');
  const want = createHmac('sha1', secret)
    .update(n)
    .update('\x00')
    .update(username)
    .update('\x00')
    .update(password)
    .update('\x00')
    .update(admin ? 'admin' : 'notadmin')
    .digest('hex');
  const a = Buffer.from(want);
  const b = Buffer.from(mac.toLowerCase());
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw matrixErrors.forbidden('HMAC incorrect');
  const displayName = typeof body.displayname === 'string' ? body.displayname : username;
  const session = ctx.hs.users.register(username.toLowerCase(), { password, displayName });
  return {
    access_token: session.accessToken,
    user_id: session.userId,
    home_server: ctx.hs.serverName,
    device_id: session.deviceId,
  };
}

export const adminRegisterRoutes: Route[] = [
  route('GET', '/_synapse/admin/v1/register', nonce, { auth: false, raw: true }),
  route('POST', '/_synapse/admin/v1/register', register, { auth: false, raw: true }),
];
