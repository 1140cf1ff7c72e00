// People and API tokens over HTTP: the owner adds, edits and removes people; everyone manages their own tokens.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { ApiToken } from '../auth/api-token.entity.ts';
import { ownerOf, userOf } from '../auth/authenticate.ts';
import { REMOVAL_EFFECTS, removeUser } from '../auth/remove-user.ts';
import type { User } from '../auth/user.entity.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import { fail } from '../errors.ts';
import { body, params } from './validate.ts';

const userParam = z.object({ id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/) });
const tokenParam = z.object({ id: z.coerce.number().int().positive() });
const personBody = z
  .object({
    name: z.string(),
    role: z.enum(['owner', 'member']),
    matrix_ids: z.array(z.string()).max(10).optional(),
    email: z.string().nullable().optional(),
    timezone: z.string().optional(),
  })
  .strict();
const personEdit = personBody.partial().strict();
const tokenBody = z.object({ label: z.string().trim().max(100).default('') }).strict();

/** The JSON shape of a person. */
export function personWire(u: User) {
  return {
    id: u.id,
    display_name: u.displayName,
    role: u.role,
    matrix_ids: u.matrixIds,
    email: u.email,
    timezone: u.timezone,
    created_at: u.createdAt,
  };
}

function tokenWire(t: ApiToken) {
  return { id: t.id, label: t.label, created_at: t.createdAt, last_used_at: t.lastUsedAt };
}

/** Adds /admin/users (POST, PATCH, DELETE), /admin/users/:id/tokens and /tokens. */
export function addPeopleRoutes(router: Router, auth: Middleware, c: Conversation): void {
  const audit = (ctx: Context, tool: string, input: Record<string, unknown>) =>
    c.audit.record({ userId: userOf(ctx).userId, sessionId: null, tool, tier: 1, input, outcome: 'ok' });

  router.post('/admin/users', auth, async (ctx) => {
    ownerOf(ctx);
    const b = body(ctx, personBody);
    const u = await c.users.add({
      name: b.name,
      role: b.role,
      matrix: b.matrix_ids ?? [],
      email: b.email ?? undefined,
      timezone: b.timezone,
    });
    await audit(ctx, 'admin_add_user', { id: u.id, role: u.role });
    ctx.status = 201;
    ctx.body = { user: personWire(u) };
  });

  router.patch('/admin/users/:id', auth, async (ctx) => {
    ownerOf(ctx);
    const { id } = params(ctx, userParam);
    const b = body(ctx, personEdit);
    const u = await c.users.edit(id, {
      name: b.name,
      role: b.role,
      matrix: b.matrix_ids,
      email: b.email,
      timezone: b.timezone,
    });
    await audit(ctx, 'admin_edit_user', { id, fields: Object.keys(b) });
    ctx.body = { user: personWire(u) };
  });

  router.delete('/admin/users/:id', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const { id } = params(ctx, userParam);
    if (id === owner.userId)
      throw fail.conflict('QUORRA_REMOVE_SELF', 'you cannot remove yourself; another owner can');
    const r = await removeUser(
      { users: c.users, tokens: c.tokens, sessions: c.browserSessions, grants: c.signInGrants },
      id,
    );
    await audit(ctx, 'admin_remove_user', { id });
    ctx.body = {
      removed: r.userId,
      tokens_revoked: r.tokensRevoked,
      sessions_ended: r.sessionsEnded,
      effects: REMOVAL_EFFECTS,
    };
  });

  router.get('/admin/users/:id/tokens', auth, async (ctx) => {
    ownerOf(ctx);
    const { id } = params(ctx, userParam);
    if (!(await c.users.get(id))) throw fail.notFound('user');
    ctx.body = { tokens: (await c.tokens.list(id)).map(tokenWire) };
  });

  router.get('/tokens', auth, async (ctx) => {
    ctx.body = { tokens: (await c.tokens.list(userOf(ctx).userId)).map(tokenWire) };
  });

  router.post('/tokens', auth, async (ctx) => {
    const user = userOf(ctx);
    const { label } = body(ctx, tokenBody);
    const { id, token } = await c.tokens.issue(user.userId, label);
    await audit(ctx, 'create_token', { id, label });
    ctx.status = 201;
    // the only time the token is ever shown
    ctx.body = { id, label, token };
  });

  router.delete('/tokens/:id', auth, async (ctx) => {
    const user = userOf(ctx);
    const { id } = params(ctx, tokenParam);
    const t = await c.tokens.get(id);
    // someone else's token is "not found" to a member: its existence is not theirs to learn
    if (!t || (t.userId !== user.userId && user.role !== 'owner')) throw fail.notFound('token');
    await c.tokens.revoke(id);
    await audit(ctx, 'revoke_token', { id, of: t.userId });
    ctx.status = 204;
  });
}
