// People and API tokens over HTTP: the owner adds, edits and removes people; everyone manages their own tokens.
import { z } from 'zod';
import type { ApiToken } from '../auth/api-token.entity.ts';
import { DEFAULT_CHILD_TOOLS } from '../auth/child-reach.ts';
import { REMOVAL_EFFECTS, removeUser } from '../auth/remove-user.ts';
import type { User } from '../auth/user.entity.ts';
import { fail } from '../contracts/errors.ts';
import type { UserPrincipal } from '../contracts/principal.ts';
import { defineRoute, withStatus } from '../contracts/route-definition.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { Conversation } from '../engine/setup-conversation.ts';

const userParam = z.object({ id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/) });
const tokenParam = z.object({ id: z.coerce.number().int().positive() });
// shapes only: the user store validates the values, with the messages the UI shows by each field
export const personBody = z
  .object({
    name: z.string(),
    role: z.enum(['owner', 'member']),
    matrix_ids: z.array(z.string()).max(10).optional(),
    email: z.string().nullable().optional(),
    timezone: z.string().optional(),
    child: z.boolean().optional(),
    child_tools: z.array(z.string()).max(100).nullable().optional(),
    /** Quiet hours, "HH:MM" in the person's time zone; null clears them. */
    quiet_hours: z.object({ start: z.string(), end: z.string() }).strict().nullable().optional(),
    quiet_reply: z.boolean().optional(),
  })
  .strict();
/** The fields an edit may change. */
export const personEdit = personBody.partial().strict();
/** Adding a person may also create their Matrix account (when Quorra holds the homeserver's shared secret). */
export const newPersonBody = personBody
  .extend({
    matrix_account: z.boolean().optional(),
    /** The account's user name (the part before ":"); default: the person's id. */
    matrix_username: z
      .string()
      .regex(/^[a-z0-9._=-]{1,64}$/, 'lower-case letters, digits and . _ = - only')
      .optional(),
  })
  .strict();
const tokenBody = z.object({ label: z.string().trim().max(100).default('') }).strict();

/** A person on the wire. */
export const personSchema = z.strictObject({
  id: z.string(),
  display_name: z.string(),
  role: z.enum(['owner', 'member']),
  matrix_ids: z.array(z.string()),
  email: z.string().nullable(),
  timezone: z.string(),
  /** A child's turns reach only `reach` (the allow-list within the structural floor). */
  child: z.boolean(),
  reach: z.array(z.string()).nullable(),
  quiet_hours: z.object({ start: z.string(), end: z.string() }).strict().nullable(),
  quiet_reply: z.boolean(),
  created_at: wireTime,
});
export const personReply = z.strictObject({ user: personSchema });
/** A new account's one-time sign-in: shown once in the answer, stored nowhere (the person changes it). */
export const newAccountSchema = z.strictObject({
  user_id: z.string(),
  temporary_password: z.string(),
  homeserver_url: z.string(),
  sign_in_url: z.string(),
});
/** A person just added, with their new Matrix account's one-time sign-in when one was made. */
export const personAdded = personReply.extend({ matrix_account: newAccountSchema.optional() });
/** Whether adding a person creates their Matrix account here. */
export const matrixAccountsReply = z.strictObject({
  can_create: z.boolean(),
  server_name: z.string().nullable(),
});

/** Creating family members' Matrix accounts, as the matrix area provides it (core/matrix/matrix-accounts.ts). */
export interface PeopleMatrixAccounts {
  canCreate(): boolean;
  serverName(): string | null;
  create(
    localpart: string,
    displayName: string,
  ): Promise<{ userId: string; password: string; homeserverUrl: string; signInUrl: string }>;
}
/** What removing a person ended. */
export const personRemoved = z.strictObject({
  removed: z.string(),
  tokens_revoked: z.number(),
  sessions_ended: z.number(),
  effects: z.string(),
});
/** A new token: the only time it is shown. */
export const tokenCreated = z.strictObject({ id: z.number(), label: z.string(), token: z.string() });
/** A person's tokens, never the tokens themselves. */
export const tokensReply = z.strictObject({
  tokens: z.array(
    z.strictObject({
      id: z.number(),
      label: z.string(),
      created_at: wireTime,
      last_used_at: wireTime.nullable(),
    }),
  ),
});

/** The wire's quiet hours as the store's fields (absent: unchanged; null: cleared). */
function quietFields(b: { quiet_hours?: { start: string; end: string } | null; quiet_reply?: boolean }) {
  return {
    ...(b.quiet_hours !== undefined
      ? { quietStart: b.quiet_hours?.start ?? null, quietEnd: b.quiet_hours?.end ?? null }
      : {}),
    ...(b.quiet_reply !== undefined ? { quietReply: b.quiet_reply } : {}),
  };
}

/** The JSON shape of a person. */
export function personWire(u: User): z.output<typeof personSchema> {
  return {
    id: u.id,
    display_name: u.displayName,
    role: u.role,
    matrix_ids: u.matrixIds,
    email: u.email,
    timezone: u.timezone,
    child: u.child,
    reach: u.child ? [...(u.childTools ?? DEFAULT_CHILD_TOOLS)] : null,
    quiet_hours: u.quietStart && u.quietEnd ? { start: u.quietStart, end: u.quietEnd } : null,
    quiet_reply: u.quietReply,
    created_at: u.createdAt,
  };
}

function tokenWire(t: ApiToken) {
  return { id: t.id, label: t.label, created_at: t.createdAt, last_used_at: t.lastUsedAt };
}

/** /admin/users (POST, PATCH, DELETE), /admin/users/:id/tokens and /tokens. */
export function peopleRoutes(c: Conversation, accounts?: PeopleMatrixAccounts) {
  const audit = (p: UserPrincipal, tool: string, input: Record<string, unknown>) =>
    c.audit.record({ userId: p.userId, sessionId: null, tool, tier: 1, input, outcome: 'ok' });

  return [
    defineRoute({
      method: 'GET',
      path: '/admin/matrix-accounts',
      auth: 'owner',
      summary: 'Whether adding a person creates their Matrix account, and the server name it gets',
      response: matrixAccountsReply,
      handler: () => ({
        can_create: accounts?.canCreate() ?? false,
        server_name: accounts?.serverName() ?? null,
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/users',
      auth: 'owner',
      summary: 'Adds a person; with matrix_account, also creates their Matrix account (a one-time sign-in)',
      body: newPersonBody,
      response: personAdded,
      handler: async ({ principal, body: b }) => {
        if (b.matrix_account && !accounts?.canCreate())
          throw fail.conflict(
            'QUORRA_MATRIX_ACCOUNTS_OFF',
            'Quorra cannot create Matrix accounts on this homeserver (it has no registration secret); give the person’s existing Matrix ID instead',
          );
        const u = await c.users.add({
          name: b.name,
          role: b.role,
          matrix: b.matrix_ids ?? [],
          email: b.email ?? undefined,
          timezone: b.timezone,
          child: b.child,
          childTools: b.child_tools ?? undefined,
          ...quietFields(b),
        });
        if (!b.matrix_account || !accounts) {
          await audit(principal, 'admin_add_user', { id: u.id, role: u.role });
          return withStatus(201, { user: personWire(u) });
        }
        // the person first (the store validates every field), then the account; a refused account takes the
        // person back out, so a retry with another user name starts clean
        let made: Awaited<ReturnType<PeopleMatrixAccounts['create']>>;
        try {
          made = await accounts.create(b.matrix_username ?? u.id, u.displayName);
        } catch (err) {
          await c.users.forget(u.id);
          throw err;
        }
        const mapped = await c.users.edit(u.id, { matrix: [...u.matrixIds, made.userId] });
        // the audit keeps who and which account, never the password
        await audit(principal, 'admin_add_user', { id: u.id, role: u.role, matrix_account: made.userId });
        return withStatus(201, {
          user: personWire(mapped),
          matrix_account: {
            user_id: made.userId,
            temporary_password: made.password,
            homeserver_url: made.homeserverUrl,
            sign_in_url: made.signInUrl,
          },
        });
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/admin/users/:id',
      auth: 'owner',
      summary: 'Changes only the given fields of a person',
      params: userParam,
      body: personEdit,
      response: personReply,
      handler: async ({ principal, params, body: b }) => {
        const u = await c.users.edit(params.id, {
          name: b.name,
          role: b.role,
          matrix: b.matrix_ids,
          email: b.email,
          timezone: b.timezone,
          child: b.child,
          childTools: b.child_tools,
          ...quietFields(b),
        });
        await audit(principal, 'admin_edit_user', { id: params.id, fields: Object.keys(b) });
        return { user: personWire(u) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/admin/users/:id',
      auth: 'owner',
      summary: 'Removes a person: every sign-in ends at once; what they told Quorra stays',
      params: userParam,
      response: personRemoved,
      handler: async ({ principal, params }) => {
        if (params.id === principal.userId)
          throw fail.conflict('QUORRA_REMOVE_SELF', 'you cannot remove yourself; another owner can');
        const r = await removeUser(
          { users: c.users, tokens: c.tokens, sessions: c.browserSessions, grants: c.signInGrants },
          params.id,
        );
        await audit(principal, 'admin_remove_user', { id: params.id });
        return {
          removed: r.userId,
          tokens_revoked: r.tokensRevoked,
          sessions_ended: r.sessionsEnded,
          effects: REMOVAL_EFFECTS,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/users/:id/tokens',
      auth: 'owner',
      summary: 'A person’s API tokens (never the tokens themselves)',
      params: userParam,
      response: tokensReply,
      handler: async ({ params }) => {
        if (!(await c.users.get(params.id))) throw fail.notFound('user');
        return { tokens: (await c.tokens.list(params.id)).map(tokenWire) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/tokens',
      auth: 'member',
      summary: 'The caller’s API tokens: label, created, last use',
      response: tokensReply,
      handler: async ({ principal }) => ({ tokens: (await c.tokens.list(principal.userId)).map(tokenWire) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/tokens',
      auth: 'member',
      summary: 'Creates an API token for the caller; the answer is the only time it is shown',
      body: tokenBody,
      response: tokenCreated,
      handler: async ({ principal, body }) => {
        const { id, token } = await c.tokens.issue(principal.userId, body.label);
        await audit(principal, 'create_token', { id, label: body.label });
        return withStatus(201, { id, label: body.label, token });
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/tokens/:id',
      auth: 'member',
      summary: 'Revokes a token (the caller’s own; the owner: anyone’s); refused from the next request on',
      params: tokenParam,
      handler: async ({ principal, params }) => {
        const t = await c.tokens.get(params.id);
        // someone else's token is "not found" to a member: its existence is not theirs to learn
        if (!t || (t.userId !== principal.userId && principal.role !== 'owner')) throw fail.notFound('token');
        await c.tokens.revoke(params.id);
        await audit(principal, 'revoke_token', { id: params.id, of: t.userId });
      },
    }),
  ];
}
