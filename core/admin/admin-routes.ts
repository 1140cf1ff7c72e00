// Owner administration over HTTP: plugins (toggle without restart), users, the audit trail; and the caller's approvals.
import { z } from 'zod';
import { REMOVAL_EFFECTS } from '../auth/remove-user.ts';
import type { Confirmation } from '../engine/confirmation.entity.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { ApprovalSource } from '../plugin/contributions.ts';
import { collectApprovals } from '../plugin/pending-approvals.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { defineRoute } from '../plugin/route-definition.ts';
import { wireTime } from '../plugin/wire-schemas.ts';
import type { Registry } from '../registry.ts';
import { personSchema, personWire } from './people-routes.ts';

const pluginStatus = z.strictObject({
  id: z.string(),
  enabled: z.boolean(),
  state: z.enum(['active', 'failed', 'disabled']),
  code: z.string().optional(),
  reason: z.string().optional(),
  dependsOn: z.array(z.string()),
});
const confirmationSchema = z.strictObject({
  id: z.string(),
  session_id: z.string(),
  tool: z.string(),
  description: z.string(),
  created_at: wireTime,
  expires_at: wireTime,
});
const auditEntry = z.strictObject({
  id: z.number(),
  at: wireTime,
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
  tool: z.string(),
  tier: z.number(),
  input: z.unknown(),
  outcome: z.string(),
  detail: z.string(),
});
const approvalSchema = z.strictObject({
  source: z.string(),
  description: z.string(),
  hint: z.string().nullable(),
  created_at: wireTime.nullable(),
  actions: z.array(
    z.strictObject({
      label: z.string(),
      method: z.literal('POST'),
      path: z.string(),
      edit: z.strictObject({ field: z.string(), initial: z.string() }).nullable(),
      tone: z.enum(['danger', 'primary']).nullable(),
    }),
  ),
});

/** The JSON shape of a pending tier-2 confirmation. */
function confirmationWire(p: Confirmation): z.output<typeof confirmationSchema> {
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
      summary: 'Every plugin with its state and, when failed, the code and reason',
      response: z.strictObject({ plugins: z.array(pluginStatus) }),
      handler: () => ({ plugins: host.status() }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/admin/plugins/:id',
      auth: 'owner',
      summary: 'Enables or disables a plugin now (stored)',
      params: z.object({ id: z.string().regex(/^[a-z][a-z0-9-]*$/) }),
      body: z.object({ enabled: z.boolean() }).strict(),
      response: pluginStatus,
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
      response: z.strictObject({ users: z.array(personSchema), removal_effects: z.string() }),
      handler: async () => ({
        users: (await c.users.list()).map(personWire),
        removal_effects: REMOVAL_EFFECTS,
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/audit',
      auth: 'owner',
      summary: 'The audit trail, newest first',
      query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict(),
      response: z.strictObject({ entries: z.array(auditEntry) }),
      handler: async ({ query }) => ({ entries: await c.audit.recent(query.limit) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/confirmations',
      auth: 'member',
      summary: 'The caller’s pending tier-2 confirmations',
      response: z.strictObject({ pending: z.array(confirmationSchema) }),
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
      response: z.strictObject({
        confirmations: z.array(confirmationSchema),
        other: z.array(approvalSchema),
      }),
      handler: async ({ principal }) => {
        const confirmations = await c.confirmations.pendingForUser(principal.userId);
        const other = (await collectApprovals(approvals.list(), principal)).map((a) => ({
          source: a.source,
          description: a.description,
          hint: a.hint ?? null,
          created_at: a.createdAt ?? null,
          actions: (a.actions ?? []).map((x) => ({
            label: x.label,
            method: 'POST' as const,
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
