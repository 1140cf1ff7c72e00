// Every declared route (core and plugin) in one table: auth, zod validation and the reply shape are done here.
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import { fail, QuorraError } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import {
  EventStream,
  type RouteDefinition,
  RouteReply,
  type RouteSink,
  routeAuths,
} from '../contracts/route-definition.ts';
import { toEnvelope } from './error-envelope.ts';
import { RequestAbort } from './request-abort.ts';
import { signatureProblem } from './request-signature.ts';
import { RouteRequestView, UNPARSED_QUERY } from './route-request.ts';

/** A registered route with its owner (`core` or a plugin id) and full path. */
export interface RouteEntry {
  def: RouteDefinition<any, any, any, any, any>;
  owner: string;
  path: string;
}

const DEFAULT_SIGNATURE_HEADER = 'x-quorra-signature';
const DEFAULT_TIMESTAMP_HEADER = 'x-quorra-timestamp';
/** A route's own step: answers the request, returning a promise only when it has something to wait for. */
type Route = (ctx: Context, next: Next) => Promise<unknown> | undefined;
/** A path with nothing for the router to match but itself: no parameters, wildcards, groups or escapes. */
const STATIC_PATH = /^[A-Za-z0-9/_.~-]+$/;

/** Holds routes; the Koa router is rebuilt after each change so a disposed route is gone at once. */
export class RouteTable implements RouteSink {
  private readonly entries = new Map<string, RouteEntry>();
  private dispatch: Route | undefined;
  /** Aborted at shutdown: ends the event streams that asked for it (`endOnShutdown`). */
  private readonly shutdown = new AbortController();

  /** `authenticate` sets ctx.state.principal or throws 401. */
  constructor(private readonly authenticate: Middleware) {}

  add(def: RouteDefinition<any, any, any, any, any>, owner: string, prefix = ''): Disposable {
    const path = `${prefix}${def.path}`;
    const key = `${def.method} ${path}`;
    if (!routeAuths.includes(def.auth))
      throw new QuorraError('QUORRA_ROUTE_AUTH', `${key}: auth must be one of ${routeAuths.join(', ')}`);
    if (def.auth === 'signed' && !def.signature)
      throw new QuorraError('QUORRA_ROUTE_SIGNATURE', `${key}: a signed route needs a signature`);
    const existing = this.entries.get(key);
    if (existing)
      throw new QuorraError(
        'QUORRA_DUPLICATE_ROUTE',
        `route ${key} is already registered by ${existing.owner}`,
        {
          key,
          owner: existing.owner,
          attemptedBy: owner,
        },
      );
    const entry = { def, owner, path };
    this.entries.set(key, entry);
    this.dispatch = undefined;
    return toDisposable(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      this.dispatch = undefined;
    });
  }

  /** Ends every open `endOnShutdown` event stream (and any opened later), before the server drains. */
  endStreams(): void {
    this.shutdown.abort();
  }

  /** Every route, in registration order. */
  list(): RouteEntry[] {
    return [...this.entries.values()];
  }

  /** Dispatches to the current routes; `next` runs when none matched. Returns no promise when the route waited on nothing. */
  dispatcher(): Route {
    return (ctx, next) => {
      this.dispatch ??= this.build();
      return this.dispatch(ctx, next);
    };
  }

  /**
   * The router, plus a direct table for the static routes it would pick first anyway: a hit skips matching every
   * route's pattern and composing its chain per request (what the router does). Anything else, and any spelling the
   * router is lenient about (case, a trailing slash, HEAD for GET), goes through the router as before.
   */
  private build(): Route {
    const router = new Router();
    const direct = new Map<string, { path: string; run: Route }>();
    const statics: { layer: unknown; method: string; path: string; run: Route }[] = [];
    for (const { def, path } of this.entries.values()) {
      const serve = (ctx: Context) => this.serve(def, ctx);
      const run: Route =
        def.auth === 'member' || def.auth === 'owner'
          ? (ctx) => this.authenticate(ctx, () => serve(ctx) ?? Promise.resolve())
          : serve;
      const layer = router.register(path, [def.method], [run] as never);
      if (STATIC_PATH.test(path)) statics.push({ layer, method: def.method, path, run });
    }
    for (const s of statics)
      if (router.match(s.path, s.method).pathAndMethod[0] === s.layer)
        direct.set(`${s.method} ${s.path}`, { path: s.path, run: s.run });
    const routed = router.routes() as unknown as Middleware;
    return (ctx, next) => {
      const hit = direct.get(`${ctx.method} ${ctx.path}`);
      if (!hit) return routed(ctx, next);
      // what the router would have set for this route: no parameters, and the pattern the metrics label with
      ctx.params = {};
      (ctx as { _matchedRoute?: string })._matchedRoute = hit.path;
      return hit.run(ctx, next);
    };
  }

  /**
   * Runs the route's checks and handler; a handler that answers at once (a cached verdict) is answered without a
   * promise or an await of its own. Failures throw, synchronously or as the returned promise's rejection.
   */
  private serve(def: RouteDefinition<any, any, any, any, any>, ctx: Context): Promise<void> | undefined {
    const principal = ctx.state.principal as Principal | undefined;
    if (def.auth === 'member' || def.auth === 'owner') {
      if (principal?.kind !== 'user') throw fail.unauthenticated();
      if (def.auth === 'owner' && principal.role !== 'owner')
        throw fail.forbidden('only the owner can do this');
    }
    if (def.auth === 'signed') {
      const secret = def.signature!.secret();
      if (!secret)
        throw fail.unavailable('NOT_CONFIGURED', `${def.method} ${ctx.path} has no signing secret`);
      const header = def.signature!.header ?? DEFAULT_SIGNATURE_HEADER;
      const stamp = def.signature!.timestampHeader ?? DEFAULT_TIMESTAMP_HEADER;
      const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
      const problem = signatureProblem(
        secret,
        raw,
        ctx.get(header) || undefined,
        ctx.get(stamp) || undefined,
        {
          signature: header,
          timestamp: stamp,
        },
      );
      if (problem) throw fail.unauthenticated(problem);
    }
    const abort = new RequestAbort(ctx.res);
    const result = def.handler(
      new RouteRequestView(
        def.auth === 'member' || def.auth === 'owner' ? principal : undefined,
        def.body ? def.body.parse((ctx.request as { body?: unknown }).body ?? {}) : undefined,
        def.query ? def.query.parse(ctx.query) : UNPARSED_QUERY,
        def.params ? def.params.parse(ctx.params ?? {}) : (ctx.params ?? {}),
        ctx,
        abort,
      ) as never,
    );
    return isPromise(result)
      ? result.then((answer) => this.answer(ctx, answer, abort))
      : this.answer(ctx, result, abort);
  }

  /** Writes what a handler returned: a JSON body, a reply with its status, type and headers, 204, or an event stream. */
  private answer(ctx: Context, result: unknown, abort: RequestAbort): Promise<void> | undefined {
    if (result instanceof EventStream) {
      if (!result.options.endOnShutdown) return streamEvents(ctx, result);
      const end = () => abort.abort();
      if (this.shutdown.signal.aborted) end();
      this.shutdown.signal.addEventListener('abort', end, { once: true });
      return streamEvents(ctx, result).finally(() => this.shutdown.signal.removeEventListener('abort', end));
    }
    if (result instanceof RouteReply) {
      ctx.status = result.status;
      if (result.type) ctx.type = result.type;
      if (result.headers) ctx.set(result.headers);
      ctx.body = result.body;
    } else if (result === undefined) {
      ctx.status = 204;
    } else if (isPlainJson(result)) {
      // serialised here with the header Koa would set: Koa's own path looks the type up by extension, drops and
      // re-adds the length and stringifies in its respond step, per request
      ctx.set('Content-Type', JSON_TYPE);
      ctx.body = JSON.stringify(result);
    } else {
      ctx.body = result;
    }
    return undefined;
  }
}

/** The Content-Type Koa gives a JSON body. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A plain object or array: what Koa would answer as JSON (strings, buffers, streams and the like it answers as they are). */
function isPlainJson(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Writes an event stream; a failure after the headers went out becomes an `error` event. */
async function streamEvents(ctx: Context, stream: EventStream): Promise<void> {
  const res = ctx.res;
  ctx.respond = false;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    await stream.run(send);
  } catch (err) {
    send('error', toEnvelope(err).body.error);
  } finally {
    if (!res.writableEnded) res.end();
  }
}
