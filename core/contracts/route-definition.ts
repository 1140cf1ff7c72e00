// An HTTP route as a plugin (or core feature) declares it: method, path, who may call it, zod input, a handler.
import type { z } from 'zod';
import type { UserPrincipal } from './principal.ts';

/**
 * Who may call a route, checked by the host before the handler runs:
 * `public` anyone; `member` any household user (Bearer token); `owner` the owner only;
 * `signed` a caller holding the route's shared secret (HMAC-SHA256 of `<timestamp>.<raw body>`, timestamp fresh
 * within 300 s, so an old signed request cannot be replayed).
 */
export type RouteAuth = 'public' | 'member' | 'owner' | 'signed';
export const routeAuths: readonly RouteAuth[] = ['public', 'member', 'owner', 'signed'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler gets: the caller (for member/owner routes) and input already validated by the route's schemas. */
export interface RouteRequest<A extends RouteAuth, B, Q, P> {
  principal: A extends 'member' | 'owner' ? UserPrincipal : undefined;
  body: Parsed<B>;
  query: Q extends z.ZodType ? z.output<Q> : Record<string, string | string[] | undefined>;
  params: P extends z.ZodType ? z.output<P> : Record<string, string>;
  /** A request header (lower-case name), or undefined. */
  header(name: string): string | undefined;
  /** Aborted when the caller goes away before the answer is written. */
  signal: AbortSignal;
}

/** A non-200 or non-JSON answer: return `withStatus(202, body)` from a handler. */
export class RouteReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly type?: string,
    /** Extra response headers (e.g. the admin UI's Set-Cookie). */
    readonly headers?: Record<string, string>,
  ) {}
}

/** Answers with `status` instead of 200 (e.g. 202 Accepted), and `type` instead of JSON when given. */
export function withStatus(status: number, body: unknown, type?: string): RouteReply {
  return new RouteReply(status, body, type);
}

/** Answers 200 (or `status`) with extra response headers. */
export function withHeaders(body: unknown, headers: Record<string, string>, status = 200): RouteReply {
  return new RouteReply(status, body, undefined, headers);
}

/** How an event stream ends besides `run` resolving. */
export interface EventStreamOptions {
  /**
   * A feed that only ends when its caller leaves (live progress, not an answer being written): the host aborts
   * the request's signal when it shuts down, so `run` can return and shutdown never waits on an open tab.
   */
  endOnShutdown?: boolean;
}

/** A server-sent event stream: `run` sends events until it resolves; the stream then ends. */
export class EventStream {
  constructor(
    readonly run: (send: (event: string, data: unknown) => void) => Promise<void>,
    readonly options: EventStreamOptions = {},
  ) {}
}

/** Answers with `text/event-stream`, writing each `send(event, data)` as it happens. */
export function eventStream(
  run: (send: (event: string, data: unknown) => void) => Promise<void>,
  options?: EventStreamOptions,
): EventStream {
  return new EventStream(run, options);
}

/** How a `signed` route is verified: the secret (throw a QuorraError when unconfigured) and the header. */
export interface RouteSignature {
  secret(): string;
  /** Default `x-quorra-signature`; the value is `sha256=<hex HMAC of "<timestamp>.<raw body>">`. */
  header?: string;
  /** Default `x-quorra-timestamp`: the unix time in seconds the sender signed at. */
  timestampHeader?: string;
}

/** What a handler may return: with a `response` schema, a 200 body of that (decoded) shape or a reply of its own. */
type HandlerResult<R> = R extends z.ZodType ? z.output<R> | RouteReply | EventStream | undefined : unknown;

/** A route; `path` is relative to `/plugins/<id>` for a plugin, absolute for core. */
export interface RouteDefinition<
  A extends RouteAuth = RouteAuth,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  auth: A;
  /** One line for /openapi.json. */
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The 200 JSON body, for /openapi.json (its encoded side is what goes on the wire: dates as ISO strings via
   * `wireTime`); the handler's return type is checked against it.
   */
  response?: R;
  /** Required when auth is `signed`. */
  signature?: RouteSignature;
  /** Where /openapi.json lists the route (default: the owner's id, or `core`). */
  tag?: string;
  /** Returns the JSON body (200), `withStatus(…)`, `eventStream(…)`, or nothing (204). Throw QuorraErrors; the host renders them. */
  handler(req: RouteRequest<A, B, Q, P>): HandlerResult<R> | Promise<HandlerResult<R>>;
}

/** Declares a route with its types inferred (the identity at runtime). */
export function defineRoute<
  A extends RouteAuth,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(def: RouteDefinition<A, B, Q, P, R>): RouteDefinition<A, B, Q, P, R> {
  return def;
}

/** Where routes are registered (core/http's route table); `prefix` is `/plugins/<id>` for a plugin. */
export interface RouteSink {
  add(def: RouteDefinition<any, any, any, any, any>, owner: string, prefix: string): { dispose(): unknown };
}
