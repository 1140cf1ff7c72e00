// Signed requests: `sha256=<hex>` HMAC-SHA256 of the raw body, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header value a sender computes for `body` with `secret`. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `header` is exactly the signature of `body`; any malformed or missing header is false. */
export function verifySignature(secret: string, body: string | Buffer, header: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const presented = Buffer.from(m[1], 'hex');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
