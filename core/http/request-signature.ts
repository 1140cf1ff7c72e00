// Signed requests: `sha256=<hex>` HMAC-SHA256 over `<timestamp>.<raw body>`, fresh within 300 s (as Stripe and Svix do).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed timestamp may lie from now before the request counts as a replay. */
export const TOLERANCE_SECONDS = 300;

const mac = (secret: string, timestamp: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The `X-Quorra-Signature` value a sender computes for `body` sent at `timestamp` (unix seconds). */
export function signBody(secret: string, timestamp: number | string, body: string | Buffer): string {
  return `sha256=${mac(secret, String(timestamp), body).toString('hex')}`;
}

/** Why a request is refused (missing, stale, wrong), or undefined when the signature and timestamp hold. */
export function signatureProblem(
  secret: string,
  body: string | Buffer,
  header: string | undefined,
  timestamp: string | undefined,
  names = { signature: 'X-Quorra-Signature', timestamp: 'X-Quorra-Timestamp' },
  nowMs = Date.now(),
): string | undefined {
  const ts = timestamp?.trim() ?? '';
  if (!/^\d{1,12}$/.test(ts)) return `missing or malformed ${names.timestamp}`;
  // a replayed request carries its old timestamp: outside the window it is refused even with a valid signature
  if (Math.abs(nowMs / 1000 - Number(ts)) > TOLERANCE_SECONDS)
    return `${names.timestamp} is more than ${TOLERANCE_SECONDS} s away from now`;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return `missing or malformed ${names.signature}`;
  const presented = Buffer.from(m[1], 'hex');
  const expected = mac(secret, ts, body);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    return `${names.signature} does not match`;
  return undefined;
}
