// Owner administration over HTTP: plugins (toggle without restart), users, the audit trail; and the caller's approvals.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf, userOf } from '../auth/authenticate.ts';
import type { Confirmation } from '../engine/confirmation.entity.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { ApprovalSource } from '../plugin/contributions.ts';
import { collectApprovals } from '../plugin/pending-approvals.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import type { Registry } from '../registry.ts';
import { body, params, query } from './validate.ts';

/** The JSON shape of a pending tier-2 confirmation. */
function confirmationWire(p: Confirmation) {
  return {
    id: p.id,
    session_id: p.sessionId,
    tool: p.toolName,
    description: p.description,
    created_at: p.createdAt,
    expires_at: p.expiresAt,
  };
}

/** Adds /admin/* (owner only) and /confirmations (the caller's pending approvals). */
export function addAdminRoutes(
  router: Router,
  auth: Middleware,
  host: PluginHost,
  c: Conversation,
  approvals: Registry<ApprovalSource>,
): void {
  router.get('/admin/plugins', auth, (ctx) => {
    ownerOf(ctx);
    ctx.body = { plugins: host.status() };
  });
  router.put('/admin/plugins/:id', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const { id } = params(ctx, z.object({ id: z.string().regex(/^[a-z][a-z0-9-]*$/) }));
    const { enabled } = body(ctx, z.object({ enabled: z.boolean() }).strict());
    ctx.body = await host.setEnabled(id, enabled);
    await c.audit.record({
      userId: owner.userId,
      sessionId: null,
      tool: 'admin_set_plugin',
      tier: 1,
      input: { id, enabled },
      outcome: 'ok',
    });
  });
  router.get('/admin/users', auth, async (ctx) => {
    ownerOf(ctx);
    const users = await c.users.list();
    ctx.body = {
      users: users.map((u) => ({
        id: u.id,
        display_name: u.displayName,
        role: u.role,
        matrix_ids: u.matrixIds,
        email: u.email,
        timezone: u.timezone,
      })),
    };
  });
  router.get('/admin/audit', auth, async (ctx) => {
    ownerOf(ctx);
    const { limit } = query(
      ctx,
      z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict(),
    );
    ctx.body = { entries: await c.audit.recent(limit) };
  });
  router.get('/confirmations', auth, async (ctx) => {
    const user = userOf(ctx);
    ctx.body = { pending: (await c.confirmations.pendingForUser(user.userId)).map(confirmationWire) };
  });
  // everything waiting on the caller: tier-2 confirmations and what plugins contribute (e.g. guest drafts)
  router.get('/approvals', auth, async (ctx) => {
    const user = userOf(ctx);
    const confirmations = await c.confirmations.pendingForUser(user.userId);
    const other = (await collectApprovals(approvals.list(), user)).map((a) => ({
      source: a.source,
      description: a.description,
      hint: a.hint ?? null,
      created_at: a.createdAt ?? null,
    }));
    ctx.body = {
      confirmations: confirmations.map(confirmationWire),
      other,
    };
  });
}
