// Sign-in for the admin UI: a code DMed over Matrix or a one-time link opens a cookie session; session info and sign-out.
import { z } from 'zod';
import type { AuditRecord } from '../contracts/audit-record.ts';
import type { Disposable } from '../contracts/disposable.ts';
import { fail } from '../contracts/errors.ts';
import { defineRoute, withHeaders, withStatus } from '../contracts/route-definition.ts';
import type { Logger } from '../logger.ts';
import type { BrowserSessions } from './browser-sessions.ts';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './session-cookie.ts';
import { CODE_TTL_MS, type SignInGrants } from './sign-in-grants.ts';
import { signInLink } from './sign-in-link.ts';
import type { User } from './user.entity.ts';
import type { UserStore } from './user-store.ts';

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

/** The stores sign-in works on (the conversation layer carries them; auth names only what it uses). */
export interface SignInStores {
  users: UserStore;
  signInGrants: SignInGrants;
  browserSessions: BrowserSessions;
  audit: { record(r: AuditRecord): Promise<void> };
}

/** The part of an outbox a sign-in DM needs: a secret kind and a queued notice (Matrix's outbox is one). */
export interface SignInOutbox {
  defineSecret(kind: string, render: (item: { userId: string }) => Promise<string | null>): Disposable;
  notify(userId: string, text: string, opts: { urgency: 'high'; secret: string }): Promise<unknown>;
}

export interface SignInRouteDeps {
  conversation: SignInStores;
  logger: Logger;
  /** The outbox the code DM is queued in, as a secret kind: the code is made at delivery, never stored. */
  outbox: SignInOutbox;
  /** Where people open the admin UI; sign-in links point here, never at the request's Host header. */
  publicUrl: () => string;
  /** Whether developer mode is on (the owner's UI then offers the turn inspector). */
  developerMode: () => boolean;
  /** Whether Quorra can send Matrix messages at all (a household that has not set Matrix up cannot DM a code). */
  matrixReady: () => boolean;
}

const SIGN_IN_SECRET = 'sign-in';
/** Failed sign-in attempts (code or link) one address may make per 15 minutes. */
const SIGN_IN_GUESSES = { max: 10, windowMs: 15 * 60_000, count: 'failures' } as const;

/** What the outbox stores and lists for a sign-in DM: who it is for, never the code. */
export function signInLabel(displayName: string): string {
  return `a sign-in code for ${displayName}`;
}
const NEW_LINK =
  'Ask the owner for a new sign-in link (People page), or run `npm run quorra -- admin-link "<your name>"` on the machine Quorra runs on.';

function codeMessage(code: string, link: string): string {
  return [
    `Your Quorra sign-in code is ${code}. It works once, for ${CODE_TTL_MS / 60_000} minutes.`,
    `Or open this link on the device you are signing in on: ${link}`,
    'If you did not ask to sign in, ignore this message: nobody gets in without the code.',
  ].join('\n');
}

/** A code was asked for (the same words whether or not the ID is known). */
export const codeSent = z.strictObject({ message: z.string(), sent: z.boolean() });
/** How many browser sessions ended. */
export const sessionsEnded = z.strictObject({ ended: z.number() });
/** Who is signed in, on the wire (the admin UI's type of it too). */
export const sessionSchema = z.strictObject({
  user: z.strictObject({ id: z.string(), display_name: z.string(), role: z.enum(['owner', 'member']) }),
  csrf_token: z.string().nullable(),
  via: z.enum(['session', 'token']),
  developer_mode: z.boolean(),
});

function userWire(u: User) {
  return { id: u.id, display_name: u.displayName, role: u.role };
}

/** /auth/*: request a code, verify it, redeem a link, read the session, sign out (here or everywhere). */
export function signInRoutes(deps: SignInRouteDeps) {
  const { users, signInGrants, browserSessions, audit } = deps.conversation;

  // a member has no developer tools, so they are not even told whether they are on
  const developerMode = (user: User) => user.role === 'owner' && deps.developerMode();

  async function openSession(user: User, via: string) {
    const { token, csrfToken } = await browserSessions.open(user.id);
    await audit.record({
      userId: user.id,
      sessionId: null,
      tool: 'admin_sign_in',
      tier: 0,
      input: { via },
      outcome: 'ok',
    });
    // behind a TLS-terminating proxy Quorra sees plain HTTP; the public URL says what the browser sees
    const secure = deps.publicUrl().startsWith('https:');
    return withHeaders(
      { user: userWire(user), csrf_token: csrfToken, via: 'session', developer_mode: developerMode(user) },
      { 'set-cookie': sessionCookie(token, secure), 'cache-control': 'no-store' },
    );
  }

  // the code is made when the DM goes out and only its hash is kept: the outbox row says "a sign-in code for Max"
  deps.outbox.defineSecret(SIGN_IN_SECRET, async (item) => {
    const grant = await signInGrants.issueCode(item.userId);
    if (!grant) {
      deps.logger.warn({ userId: item.userId }, 'sign-in code not sent: too many codes this hour');
      return null;
    }
    return codeMessage(grant.code, signInLink(deps.publicUrl(), grant.link));
  });

  async function sendCode(mxid: string) {
    const user = await users.findByMatrixId(mxid);
    if (!user) return;
    if (!(await signInGrants.canIssue(user.id))) return;
    await deps.outbox.notify(user.id, signInLabel(user.displayName), {
      urgency: 'high',
      secret: SIGN_IN_SECRET,
    });
  }

  return [
    defineRoute({
      method: 'POST',
      path: '/auth/matrix-code',
      auth: 'public',
      summary: 'DMs a one-time sign-in code to a household Matrix ID (always 202: reveals nobody)',
      // per address, whichever IDs it asks for: one address cannot flood members with codes
      addressLimit: { max: 10, windowMs: 15 * 60_000, count: 'all' },
      body: codeBody,
      response: codeSent,
      handler: ({ body }) => {
        if (!deps.matrixReady())
          return withStatus(202, {
            message: `Quorra is not connected to Matrix yet, so it cannot send a code. ${NEW_LINK}`,
            sent: false,
          });
        // answered before any lookup, so neither the answer nor its timing says whether the ID is known
        void sendCode(body.matrix_id).catch((err) =>
          deps.logger.error({ err }, 'could not send a sign-in code'),
        );
        return withStatus(202, {
          message:
            'If this Matrix ID belongs to someone in the household, Quorra has sent a 6-digit code to its Matrix chat. It works for 10 minutes; the message also has a link you can open instead.',
          sent: true,
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/auth/matrix-code/verify',
      auth: 'public',
      summary: 'Trades the DMed code for a browser session (cookie + CSRF token)',
      // wrong guesses per address, on top of the tries per code and the codes per person
      addressLimit: SIGN_IN_GUESSES,
      body: verifyBody,
      response: sessionSchema,
      handler: async ({ body }) => {
        const user = await users.findByMatrixId(body.matrix_id);
        if (!user || !(await signInGrants.redeemCode(user.id, body.code)))
          throw fail.unauthenticated(
            'That code did not work. Check it, or ask for a new one (a code works for 10 minutes and 5 tries).',
          );
        return openSession(user, 'matrix-code');
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/auth/link',
      auth: 'public',
      summary: 'Trades a one-time sign-in link for a browser session',
      addressLimit: SIGN_IN_GUESSES,
      body: linkBody,
      response: sessionSchema,
      handler: async ({ body }) => {
        const userId = await signInGrants.redeemLink(body.token);
        const user = userId ? await users.get(userId) : null;
        if (!user)
          throw fail.unauthenticated(`This sign-in link was used already or has expired. ${NEW_LINK}`);
        return openSession(user, 'link');
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/auth/session',
      auth: 'member',
      summary: 'Who is signed in, and the CSRF token a browser session sends on writes',
      response: sessionSchema,
      handler: async ({ principal, header }) => {
        const user = await users.get(principal.userId);
        if (!user) throw fail.unauthenticated();
        const cookie = header('authorization') ? undefined : readSessionCookie(header('cookie'));
        const session = cookie ? await browserSessions.resolve(cookie) : null;
        return {
          user: userWire(user),
          csrf_token: session?.csrfToken ?? null,
          via: session ? ('session' as const) : ('token' as const),
          developer_mode: developerMode(user),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/auth/sign-out',
      auth: 'member',
      summary: 'Ends this browser session',
      response: z.strictObject({ signed_out: z.literal(true) }),
      handler: async ({ header }) => {
        const cookie = header('authorization') ? undefined : readSessionCookie(header('cookie'));
        if (cookie) await browserSessions.close(cookie);
        return withHeaders({ signed_out: true }, { 'set-cookie': clearedSessionCookie() });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/auth/sign-out-everywhere',
      auth: 'member',
      summary: 'Ends every browser session of the caller',
      response: sessionsEnded,
      handler: async ({ principal }) =>
        withHeaders(
          { ended: await browserSessions.closeAll(principal.userId) },
          { 'set-cookie': clearedSessionCookie() },
        ),
    }),
  ];
}
