// GET /admin/plugins, PUT /admin/plugins/:id and …/settings: the plugins, their runtime switch and settings (owner only).
import type { z } from 'zod';
import type { pluginListing, pluginStatus } from '../../../core/admin/admin-routes.ts';
import type { connectionTestReply, settingsReply } from '../../../core/admin/plugin-settings-routes.ts';
import type { SchemaNode } from '../schema-fields.ts';
import { apiRequest } from './api-client.ts';

/** A plugin with its stored switch and what is running (the route's zod schema is the type). */
export type PluginStatus = z.infer<typeof pluginStatus> & {
  /** What the plugin does, in a sentence (the listing only). */
  description?: string;
  /** False for a plugin that did not load: there is no settings form to show. */
  has_settings?: boolean;
};

/** Every known plugin, sorted by id. */
export async function listPlugins(): Promise<PluginStatus[]> {
  return (await apiRequest<z.infer<typeof pluginListing>>('/admin/plugins')).plugins;
}

/** Enables or disables a plugin without a restart; refused with 409 while another plugin needs it. */
export function setPluginEnabled(id: string, enabled: boolean): Promise<PluginStatus> {
  return apiRequest<PluginStatus>(`/admin/plugins/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { enabled },
  });
}

/** A plugin's settings form: the route's schema, with its JSON Schema read as the form's nodes. */
export type PluginSettings = Omit<z.input<typeof settingsReply>, 'schema'> & { schema: SchemaNode };

/** The settings form of one plugin. */
export function getPluginSettings(id: string): Promise<PluginSettings> {
  return apiRequest<PluginSettings>(`/admin/plugins/${encodeURIComponent(id)}/settings`);
}

/** Saves settings (a secret left out keeps its value, null removes it); the plugin restarts with them. */
export function savePluginSettings(id: string, settings: Record<string, unknown>): Promise<PluginSettings> {
  return apiRequest<PluginSettings>(`/admin/plugins/${encodeURIComponent(id)}/settings`, {
    method: 'PUT',
    body: settings,
  });
}

/** Tries settings (not saved; a secret left out is the stored one) against the outside service they name. */
export function testPluginConnection(
  id: string,
  settings: Record<string, unknown>,
): Promise<z.infer<typeof connectionTestReply>> {
  return apiRequest(`/admin/plugins/${encodeURIComponent(id)}/test-connection`, {
    method: 'POST',
    body: settings,
  });
}
