// What a route handler receives for one request: its principal, parsed input, headers and (made on demand) abort signal.
import type { Context } from 'koa';
import type { Principal } from '../auth/principal.ts';
import type { RequestAbort } from './request-abort.ts';

/**
 * A class rather than an object literal with a `get signal()`: V8 gives every literal carrying its own getter a
 * hidden class of its own, held in old space, and that kept each request's objects (its context, request and
 * response) alive past every young-generation GC until the next full one: ≈ 3 KB promoted per request, the larger
 * part of what /health cost over a bare Koa handler. Here the getter sits once on the prototype.
 */
export class RouteRequestView {
  /** A request header (lower-case name), or undefined; an own function, so handlers may destructure it. */
  readonly header: (name: string) => string | undefined;

  constructor(
    readonly principal: Principal | undefined,
    readonly body: unknown,
    readonly query: unknown,
    readonly params: unknown,
    ctx: Context,
    private readonly abort: RequestAbort,
  ) {
    this.header = (name) => ctx.get(name) || undefined;
  }

  /** Aborted when the caller goes away before the answer is written. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }
}
