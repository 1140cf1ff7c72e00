// HTTP authentication: a user's Bearer token, a trusted adapter's shared secret plus X-Quorra-User, or a browser session cookie (+ CSRF header on writes).

import type { Middleware } from 'koa';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { readSessionCookie } from '../auth/session-cookie.ts';
import type { TokenStore } from '../auth/token-store.ts';
import { principalOf, type UserStore } from '../auth/user-store.ts';
import { fail, QuorraError } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import { safeEqual } from '../text/safe-equal.ts';

/** Compares two secrets in constant time. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The header a browser session must send on every write (the cookie alone proves nothing about the page). */
export const CSRF_HEADER = 'x-csrf-token';

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
    // a request with an Authorization header is judged by it alone, never by a cookie the browser added
    const cookie = sessions && !header ? readSessionCookie(ctx.get('cookie')) : undefined;
    if (cookie && sessions) {
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
      ctx.state.principal = principalOf(user) satisfies Principal;
      await next();
      return;
    }
    if (!m) throw fail.unauthenticated();
    const presented = m[1];
    if (serviceSecret && safeEqual(presented, serviceSecret)) {
      const ref = ctx.get('x-quorra-user');
      if (!ref) throw fail.unauthenticated('trusted-service auth needs an X-Quorra-User header');
      const user = await users.resolve(ref);
      if (!user) throw fail.unauthenticated();
      ctx.state.principal = principalOf(user) satisfies Principal;
    } else {
      const holder = await tokens.holder(presented);
      if (!holder) throw fail.unauthenticated();
      ctx.state.principal = holder satisfies Principal;
    }
    await next();
  };
}
