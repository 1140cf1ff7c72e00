// A tiny route table for the Client-Server API: `/rooms/:roomId/...` patterns under every version prefix.
import type { RequestInfo } from './faults.ts';
import type { HomeserverState } from './state.ts';
import type { Session } from './users.ts';

/** What a handler gets: the request, its session (for authenticated routes), decoded path params and the state. */
export interface RouteContext {
  req: RequestInfo;
  session: Session;
  params: Record<string, string>;
  hs: HomeserverState;
  /** Aborted when the client goes away or the server closes. */
  signal: AbortSignal;
}

/** One endpoint: answers the JSON body of a 200, or throws a MatrixApiError. */
export interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  auth: boolean;
  handle: (ctx: RouteContext) => unknown;
}

const clientPrefix = '/_matrix/client/(?:r0|v1|v3|unstable)';

/** Compiles `/rooms/:roomId/state/:type/:stateKey?` (under the client prefix unless `raw`) into a route. */
export function route(
  method: string,
  path: string,
  handle: Route['handle'],
  opts: { auth?: boolean; raw?: boolean } = {},
): Route {
  const names: string[] = [];
  let source = '';
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]*))?' : '/([^/]+)';
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  const pattern = new RegExp(`^${opts.raw ? '' : clientPrefix}${source}/?$`);
  return { method, pattern, names, auth: opts.auth ?? true, handle };
}

/** Finds the route for a method and path, with its decoded params; `methodMismatch` when only the method is wrong. */
export function findRoute(
  routes: Route[],
  method: string,
  path: string,
): { route?: Route; params: Record<string, string>; methodMismatch: boolean } {
  let methodMismatch = false;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    if (r.method !== method) {
      methodMismatch = true;
      continue;
    }
    const params: Record<string, string> = {};
    r.names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { route: r, params, methodMismatch: false };
  }
  return { params: {}, methodMismatch };
}
