// GET /admin/plugins and PUT /admin/plugins/:id: the plugins and their runtime switch (owner only).
import { apiRequest } from './api-client.ts';

/** A plugin with its stored switch and what is running. */
export interface PluginStatus {
  id: string;
  enabled: boolean;
  state: 'active' | 'disabled' | 'failed';
  dependsOn: string[];
  code?: string;
  reason?: string;
}

/** Every known plugin, sorted by id. */
export async function listPlugins(): Promise<PluginStatus[]> {
  return (await apiRequest<{ plugins: PluginStatus[] }>('/admin/plugins')).plugins;
}

/** Enables or disables a plugin without a restart; refused with 409 while another plugin needs it. */
export function setPluginEnabled(id: string, enabled: boolean): Promise<PluginStatus> {
  return apiRequest<PluginStatus>(`/admin/plugins/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { enabled },
  });
}
