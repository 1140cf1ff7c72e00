// HTTP authentication: a user's Bearer token, a trusted adapter's shared secret plus X-Quorra-User, or a browser session cookie (+ CSRF header on writes).
import { timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { fail, QuorraError } from '../errors.ts';
import type { BrowserSession } from './browser-session.entity.ts';
import { type BrowserSessions, SESSION_COOKIE } from './browser-sessions.ts';
import type { Principal, UserPrincipal } from './principal.ts';
import type { TokenStore } from './token-store.ts';
import { principalOf, type UserStore } from './user-store.ts';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The header a browser session must send on every write (the cookie alone proves nothing about the page). */
export const CSRF_HEADER = 'x-csrf-token';

/** The browser session behind a request, when it came with the session cookie rather than a Bearer token. */
export function browserSessionOf(ctx: Context): BrowserSession | undefined {
  return ctx.state.browserSession as BrowserSession | undefined;
}

/** Middleware that sets ctx.state.principal or answers 401; nothing below it runs unauthenticated. */
export function authenticate(
  users: UserStore,
  tokens: TokenStore,
  serviceSecret?: string,
  sessions?: BrowserSessions,
): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const cookie = sessions && !header ? ctx.cookies.get(SESSION_COOKIE) : undefined;
    if (!m && cookie && sessions) {
      const session = await sessions.resolve(cookie);
      const user = session ? await users.get(session.userId) : null;
      if (!session || !user) throw fail.unauthenticated('your session has ended; sign in again');
      if (!SAFE_METHODS.has(ctx.method) && !safeEqual(ctx.get(CSRF_HEADER), session.csrfToken))
        throw new QuorraError(
          'CSRF_TOKEN_MISSING',
          `a write from the browser needs the ${CSRF_HEADER} header`,
          undefined,
          'forbidden',
        );
      ctx.state.browserSession = session;
      ctx.state.principal = principalOf(user) satisfies Principal;
      await next();
      return;
    }
    if (!m) throw fail.unauthenticated();
    const presented = m[1];
    let userId: string | null = null;
    if (serviceSecret && safeEqual(presented, serviceSecret)) {
      const ref = ctx.get('x-quorra-user');
      if (!ref) throw fail.unauthenticated('trusted-service auth needs an X-Quorra-User header');
      userId = (await users.resolve(ref))?.id ?? null;
    } else {
      userId = await tokens.verify(presented);
    }
    const user = userId ? await users.get(userId) : null;
    if (!user) throw fail.unauthenticated();
    ctx.state.principal = principalOf(user) satisfies Principal;
    await next();
  };
}

/** The authenticated user principal of a request (authenticate must have run). */
export function userOf(ctx: Context): UserPrincipal {
  const p = ctx.state.principal as Principal | undefined;
  if (p?.kind !== 'user') throw fail.unauthenticated();
  return p;
}

/** The user principal, required to be the owner (403 otherwise). */
export function ownerOf(ctx: Context): UserPrincipal {
  const p = userOf(ctx);
  if (p.role !== 'owner') throw fail.forbidden('only the owner can do this');
  return p;
}
