// What a route handler receives for one request: its principal, parsed input, headers and (made on demand) abort signal.
import type { Context } from 'koa';
import type { Principal } from '../contracts/principal.ts';
import type { RequestAbort } from './request-abort.ts';

/** Stands for the query of a route without a query schema, which gets Koa's parse of it on demand. */
export const UNPARSED_QUERY: unique symbol = Symbol('unparsed query');

/**
 * A class rather than an object literal with a `get signal()`: V8 gives every literal carrying its own getter a
 * hidden class of its own, held in old space, and that kept each request's objects (its context, request and
 * response) alive past every young-generation GC until the next full one: ≈ 3 KB promoted per request, the larger
 * part of what /health cost over a bare Koa handler. Here the getters sit once on the prototype.
 */
export class RouteRequestView {
  constructor(
    readonly principal: Principal | undefined,
    readonly body: unknown,
    /** The query validated by the route's schema, or UNPARSED_QUERY for a route without one. */
    private readonly parsedQuery: unknown,
    readonly params: unknown,
    private readonly ctx: Context,
    private readonly abort: RequestAbort,
  ) {}

  /** The query string: as the route's schema parsed it, or Koa's parse of it, made only when asked for. */
  get query(): unknown {
    return this.parsedQuery === UNPARSED_QUERY ? this.ctx.query : this.parsedQuery;
  }

  /** A request header (lower-case name), or undefined; a function of its own, so handlers may destructure it. */
  get header(): (name: string) => string | undefined {
    const ctx = this.ctx;
    return (name) => ctx.get(name) || undefined;
  }

  /** Aborted when the caller goes away before the answer is written. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }
}
