// GET/PUT /admin/plugins/:id/settings (owner): a plugin's settings form (JSON Schema) and saving it; secrets are write-only.
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import type { AuditLog } from '../engine/audit-log.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { mergeSecrets, redactSecrets, secretPaths, settingsJsonSchema } from '../plugin/settings-schema.ts';
import { pluginStatus } from './admin-routes.ts';

const idParam = z.object({ id: z.string().regex(/^[a-z][a-z0-9-]*$/) });
/** The form: the plugin's JSON Schema, its values with every secret taken out, and which secrets are set. */
/** A plugin's settings form on the wire (the admin UI's type of it too; the schema is a JSON Schema). */
export const settingsReply = z.strictObject({
  id: z.string(),
  description: z.string(),
  status: pluginStatus,
  schema: z.record(z.string(), z.unknown()),
  values: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.boolean()),
});

/** What Test connection answers: whether the service took the settings, and what it said, in words. */
export const connectionTestReply = z.strictObject({ ok: z.boolean(), message: z.string() });

/** The settings endpoints; no answer ever carries a secret's value, only whether it is set. */
export function pluginSettingsRoutes(host: PluginHost, audit: AuditLog) {
  const form = (id: string) => {
    const definition = host.definition(id);
    if (!definition) throw fail.notFound('plugin');
    const schema = settingsJsonSchema(definition.settings!);
    const paths = secretPaths(schema);
    const status = host.status().find((s) => s.id === id)!;
    return { definition, schema, paths, status };
  };
  const wire = (id: string) => {
    const { definition, schema, paths, status } = form(id);
    const { values, secrets } = redactSecrets(host.settingsOf(id), paths);
    return { id, description: definition.description ?? '', status, schema, values, secrets };
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/admin/plugins/:id/settings',
      auth: 'owner',
      summary: 'A plugin’s settings schema (JSON Schema) and values; secrets only as set / not set',
      params: idParam,
      response: settingsReply,
      handler: ({ params }) => wire(params.id),
    }),
    defineRoute({
      method: 'PUT',
      path: '/admin/plugins/:id/settings',
      auth: 'owner',
      summary: 'Saves a plugin’s settings (validated by its schema) and restarts it with them',
      params: idParam,
      // a secret left out keeps its value, null removes it
      body: z.record(z.string(), z.unknown()),
      response: settingsReply,
      handler: async ({ principal, params, body }) => {
        const { definition, paths } = form(params.id);
        const merged = mergeSecrets(body, host.settingsOf(params.id), paths);
        // the plugin's own schema: its messages and paths are what the form shows next to each field
        const checked = definition.settings!.safeParse(merged);
        if (!checked.success) throw checked.error;
        await host.saveSettings(params.id, merged);
        await audit.record({
          userId: principal.userId,
          sessionId: null,
          tool: 'admin_set_plugin_settings',
          tier: 1,
          // the keys, never the values: a secret must not reach the audit trail
          input: { id: params.id, keys: Object.keys(merged).sort() },
          outcome: 'ok',
        });
        return wire(params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/plugins/:id/test-connection',
      auth: 'owner',
      summary: 'Tries settings (not saved) against the outside service they name, answering in words',
      params: idParam,
      // a secret left out is the stored one, as when saving
      body: z.record(z.string(), z.unknown()),
      response: connectionTestReply,
      handler: async ({ params, body }) => {
        const { definition, paths } = form(params.id);
        if (!definition.testConnection) throw fail.notFound('connection test');
        const checked = definition.settings!.safeParse(mergeSecrets(body, host.settingsOf(params.id), paths));
        if (!checked.success) throw checked.error;
        return definition.testConnection(checked.data);
      },
    }),
  ];
}
