// Sign-in for the admin UI: a code DMed over Matrix or a one-time link opens a cookie session; session info and sign-out.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { browserSessionOf, userOf } from '../auth/authenticate.ts';
import { SESSION_COOKIE } from '../auth/browser-sessions.ts';
import { CODE_TTL_MS } from '../auth/sign-in-grants.ts';
import { signInLink } from '../auth/sign-in-link.ts';
import type { User } from '../auth/user.entity.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import { fail } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Notify } from '../matrix/outbox.ts';
import { body } from './validate.ts';

const matrixId = z
  .string()
  .trim()
  .max(255)
  .regex(/^@[^:\s]+:\S+$/, 'a Matrix ID like @name:server');
const codeBody = z.object({ matrix_id: matrixId }).strict();
const verifyBody = z
  .object({
    matrix_id: matrixId,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'the 6-digit code from the message'),
  })
  .strict();
const linkBody = z.object({ token: z.string().min(20).max(100) }).strict();

export interface AuthRouteDeps {
  conversation: Conversation;
  logger: Logger;
  /** Queues a Matrix DM (the outbox); read late because Matrix wires it after the conversation layer. */
  notify: () => Notify | undefined;
  /** Where people open the admin UI; sign-in links point here, never at the request's Host header. */
  publicUrl: () => string;
}

function codeMessage(code: string, link: string): string {
  const minutes = CODE_TTL_MS / 60_000;
  return [
    `Your Quorra sign-in code is ${code}. It works once, for ${minutes} minutes.`,
    `Or open this link on the device you are signing in on: ${link}`,
    'If you did not ask to sign in, ignore this message: nobody gets in without the code.',
  ].join('\n');
}

function userWire(u: User) {
  return { id: u.id, display_name: u.displayName, role: u.role };
}

/** Adds /auth/*: request a code, verify it, redeem a link, read the session, sign out (here or everywhere). */
export function addAuthRoutes(router: Router, auth: Middleware, deps: AuthRouteDeps): void {
  const { users, signInGrants, browserSessions, audit } = deps.conversation;

  async function openSession(ctx: Context, user: User, via: string) {
    const { token, csrfToken } = await browserSessions.open(user.id);
    const secure = deps.publicUrl().startsWith('https:');
    // behind a TLS-terminating proxy Koa sees plain HTTP; the public URL says what the browser sees
    if (secure) ctx.cookies.secure = true;
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      overwrite: true,
    });
    await audit.record({
      userId: user.id,
      sessionId: null,
      tool: 'admin_sign_in',
      tier: 0,
      input: { via },
      outcome: 'ok',
    });
    ctx.body = { user: userWire(user), csrf_token: csrfToken, via: 'session' };
  }

  async function sendCode(mxid: string) {
    const user = await users.findByMatrixId(mxid);
    const notify = deps.notify();
    if (!user || !notify) return;
    const grant = await signInGrants.issueCode(user.id);
    if (!grant) return;
    await notify(user.id, codeMessage(grant.code, signInLink(deps.publicUrl(), grant.link)), {
      urgency: 'high',
    });
  }

  router.post('/auth/matrix-code', (ctx) => {
    const { matrix_id } = body(ctx, codeBody);
    // answered before any lookup, so neither the answer nor its timing says whether the ID is known
    void sendCode(matrix_id).catch((err) => deps.logger.error({ err }, 'could not send a sign-in code'));
    ctx.status = 202;
    ctx.body = {
      message: 'If this Matrix ID belongs to someone in the household, Quorra has sent them a code.',
    };
  });

  router.post('/auth/matrix-code/verify', async (ctx) => {
    const { matrix_id, code } = body(ctx, verifyBody);
    const user = await users.findByMatrixId(matrix_id);
    if (!user || !(await signInGrants.redeemCode(user.id, code)))
      throw fail.unauthenticated(
        'That code did not work. Check it, or ask for a new one (a code works for 10 minutes and 5 tries).',
      );
    await openSession(ctx, user, 'matrix-code');
  });

  router.post('/auth/link', async (ctx) => {
    const { token } = body(ctx, linkBody);
    const userId = await signInGrants.redeemLink(token);
    const user = userId ? await users.get(userId) : null;
    if (!user) throw fail.unauthenticated('This sign-in link was used already or has expired.');
    await openSession(ctx, user, 'link');
  });

  router.get('/auth/session', auth, async (ctx) => {
    const p = userOf(ctx);
    const user = await users.get(p.userId);
    if (!user) throw fail.unauthenticated();
    const session = browserSessionOf(ctx);
    ctx.body = {
      user: userWire(user),
      csrf_token: session?.csrfToken ?? null,
      via: session ? 'session' : 'token',
    };
  });

  router.post('/auth/sign-out', auth, async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token && browserSessionOf(ctx)) await browserSessions.close(token);
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'strict' });
    ctx.status = 204;
  });

  router.post('/auth/sign-out-everywhere', auth, async (ctx) => {
    const ended = await browserSessions.closeAll(userOf(ctx).userId);
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'strict' });
    ctx.body = { ended };
  });
}
