// HTTP authentication: a user's Bearer token, or a trusted adapter's shared secret plus X-Quorra-User.
import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Principal } from '../auth/principal.ts';
import type { TokenStore } from '../auth/token-store.ts';
import { principalOf, type UserStore } from '../auth/user-store.ts';
import { fail } from '../errors.ts';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Middleware that sets ctx.state.principal or answers 401; nothing below it runs unauthenticated. */
export function authenticate(users: UserStore, tokens: TokenStore, serviceSecret?: string): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const m = /^Bearer\s+(\S+)$/i.exec(header);
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
