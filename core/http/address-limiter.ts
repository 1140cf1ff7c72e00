// Counts requests per client address in a sliding window, so guessing from one address meets 429 whatever it aims at.
import type { Context, Middleware } from 'koa';
import { fail } from '../contracts/errors.ts';
import type { AddressLimit } from '../contracts/route-definition.ts';

/** Most addresses kept per limiter: past it the oldest are forgotten (a flood of addresses cannot grow memory). */
const MAX_ADDRESSES = 10_000;

/** Hit times per address, oldest first. */
export class AddressLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: AddressLimit) {}

  private recent(address: string, now: number): number[] {
    const list = (this.hits.get(address) ?? []).filter((t) => now - t < this.limit.windowMs);
    if (list.length) this.hits.set(address, list);
    else this.hits.delete(address);
    return list;
  }

  /** Seconds until the address may try again, or 0 when it may now. */
  waitSeconds(address: string, now = Date.now()): number {
    const list = this.recent(address, now);
    if (list.length < this.limit.max) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.limit.max] + this.limit.windowMs - now) / 1000));
  }

  hit(address: string, now = Date.now()): void {
    const list = this.recent(address, now);
    list.push(now);
    this.hits.delete(address);
    this.hits.set(address, list);
    if (this.hits.size > MAX_ADDRESSES) this.hits.delete(this.hits.keys().next().value as string);
  }
}

/** Wraps a route's middleware with its address limit. */
export function limitedByAddress(limit: AddressLimit, run: Middleware): Middleware {
  const limiter = new AddressLimiter(limit);
  const failed = (ctx: Context) => ctx.status >= 400;
  return async (ctx, next) => {
    const address = ctx.ip || 'unknown';
    const wait = limiter.waitSeconds(address);
    if (wait) throw fail.rateLimited(`Too many tries from this address. Try again in ${wait} seconds.`, wait);
    if (limit.count === 'all') limiter.hit(address);
    try {
      await run(ctx, next);
    } catch (err) {
      if (limit.count === 'failures') limiter.hit(address);
      throw err;
    }
    if (limit.count === 'failures' && failed(ctx)) limiter.hit(address);
  };
}
