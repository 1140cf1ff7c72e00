// Compares secrets in constant time, so a wrong guess takes as long as a nearly right one.
import { timingSafeEqual } from 'node:crypto';

/** True when both strings are equal; the time taken does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
