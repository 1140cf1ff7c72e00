// Owner administration over HTTP: plugins (toggle without restart), users, the audit trail; and the caller's approvals.
import { z } from 'zod';
import { REMOVAL_EFFECTS } from '../auth/remove-user.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import { confirmationSchema, confirmationWire } from '../engine/confirmation-wire.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { personSchema, personWire } from './people-routes.ts';

/** One plugin's state on the wire (the list, the toggle, the settings page). */
export const pluginStatus = z.strictObject({
  id: z.string(),
  enabled: z.boolean(),
  state: z.enum(['active', 'failed', 'disabled']),
  code: z.string().optional(),
  reason: z.string().optional(),
  dependsOn: z.array(z.string()),
  needsSetup: z.strictObject({ what: z.string(), field: z.string().optional() }).optional(),
});
/** GET /admin/plugins: each plugin's status with what it does and whether it has a settings form. */
export const pluginListing = z.strictObject({
  plugins: z.array(pluginStatus.extend({ description: z.string(), has_settings: z.boolean() })),
});
/** One audited action on the wire (the admin UI's type of it too). */
export const auditEntry = z.strictObject({
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
/** One page of the audit trail and where the next starts. */
export const auditPage = z.strictObject({
  entries: z.array(auditEntry),
  next_before: z.number().nullable(),
  tools: z.array(z.string()),
});
/** GET /admin/users: everyone, and what removing someone does. */
export const peopleListing = z.strictObject({ users: z.array(personSchema), removal_effects: z.string() });
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

/** /admin/* (owner only) and /confirmations (the caller's own); /approvals is the queue's (core/approvals). */
export function adminRoutes(host: PluginHost, c: Conversation) {
  return [
    defineRoute({
      method: 'GET',
      path: '/admin/plugins',
      auth: 'owner',
      summary: 'Every plugin with what it does, its state and, when failed, the code and reason',
      response: pluginListing,
      handler: () => ({
        plugins: host.status().map((s) => {
          const definition = host.definition(s.id);
          // a plugin that did not load has no schema to edit
          return { ...s, description: definition?.description ?? '', has_settings: Boolean(definition) };
        }),
      }),
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
      response: peopleListing,
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
      response: auditPage,
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
      response: z.strictObject({ pending: z.array(confirmationSchema) }),
      handler: async ({ principal }) => ({
        pending: (await c.confirmations.pendingForUser(principal.userId)).map(confirmationWire),
      }),
    }),
  ];
}
