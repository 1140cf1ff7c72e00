// Owner administration over HTTP: plugins (toggle without restart), users, the audit trail; and the caller's approvals.
import { z } from 'zod';
import { REMOVAL_EFFECTS } from '../auth/remove-user.ts';
import type { Confirmation } from '../engine/confirmation.entity.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { ApprovalSource } from '../plugin/contributions.ts';
import { collectApprovals } from '../plugin/pending-approvals.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { defineRoute } from '../plugin/route-definition.ts';
import type { Registry } from '../registry.ts';
import { personWire } from './people-routes.ts';

/** Filters of GET /admin/audit; `to` is exclusive, so a day is [midnight, next midnight). */
const auditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    user: z.string().trim().min(1).max(64).optional(),
    tool: z.string().trim().min(1).max(64).optional(),
    from: z.iso
      .datetime({ offset: true })
      .transform((s) => new Date(s))
      .optional(),
    to: z.iso
      .datetime({ offset: true })
      .transform((s) => new Date(s))
      .optional(),
    before: z.coerce.number().int().positive().optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'from must be before to', path: ['to'] });

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

/** /admin/* (owner only), /confirmations and /approvals (the caller's own). */
export function adminRoutes(host: PluginHost, c: Conversation, approvals: Registry<ApprovalSource>) {
  return [
    defineRoute({
      method: 'GET',
      path: '/admin/plugins',
      auth: 'owner',
      summary: 'Every plugin with what it does, its state and, when failed, the code and reason',
      handler: () => ({
        plugins: host.status().map((s) => ({ ...s, description: host.definition(s.id)?.description ?? '' })),
      }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/admin/plugins/:id',
      auth: 'owner',
      summary: 'Enables or disables a plugin now (stored)',
      params: z.object({ id: z.string().regex(/^[a-z][a-z0-9-]*$/) }),
      body: z.object({ enabled: z.boolean() }).strict(),
      handler: async ({ principal, params, body }) => {
        const status = await host.setEnabled(params.id, body.enabled);
        await c.audit.record({
          userId: principal.userId,
          sessionId: null,
          tool: 'admin_set_plugin',
          tier: 1,
          input: { id: params.id, enabled: body.enabled },
          outcome: 'ok',
        });
        return status;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/users',
      auth: 'owner',
      summary: 'Household members',
      handler: async () => ({
        users: (await c.users.list()).map(personWire),
        removal_effects: REMOVAL_EFFECTS,
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/audit',
      auth: 'owner',
      summary: 'The audit trail, newest first: by person (or "system"), tool and time, a page at a time',
      query: auditQuery,
      handler: async ({ query }) => {
        const page = await c.audit.query(query);
        return { entries: page.entries, next_before: page.nextBefore, tools: await c.audit.tools() };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/confirmations',
      auth: 'member',
      summary: 'The caller’s pending tier-2 confirmations',
      handler: async ({ principal }) => ({
        pending: (await c.confirmations.pendingForUser(principal.userId)).map(confirmationWire),
      }),
    }),
    // everything waiting on the caller: tier-2 confirmations and what plugins contribute (e.g. guest drafts)
    defineRoute({
      method: 'GET',
      path: '/approvals',
      auth: 'member',
      summary: 'Everything waiting on the caller: confirmations and plugin approvals',
      handler: async ({ principal }) => {
        const confirmations = await c.confirmations.pendingForUser(principal.userId);
        const other = (await collectApprovals(approvals.list(), principal)).map((a) => ({
          source: a.source,
          description: a.description,
          hint: a.hint ?? null,
          created_at: a.createdAt ?? null,
          actions: (a.actions ?? []).map((x) => ({
            label: x.label,
            method: 'POST',
            path: x.path,
            edit: x.edit ?? null,
            tone: x.tone ?? null,
          })),
        }));
        return { confirmations: confirmations.map(confirmationWire), other };
      },
    }),
  ];
}
