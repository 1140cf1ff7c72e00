// The mcp plugin's owner calls: which services wait for a sign-in (from /health/details), and starting one.
import type { z } from 'zod';
import type { signInReply } from '../../../plugins/mcp/oauth-routes.ts';
import { apiRequest } from './api-client.ts';
import { fetchHealth } from './health.ts';

export interface McpServerState {
  id: string;
  label: string;
  needsSignIn: boolean;
}

/** The services as /health/details reports them (empty when the plugin is off). */
export async function mcpServers(): Promise<McpServerState[]> {
  const servers = (await fetchHealth()).checks.mcp?.servers;
  if (!servers || typeof servers !== 'object') return [];
  return Object.entries(servers as Record<string, { label?: string; needs_sign_in?: boolean }>).map(
    ([id, s]) => ({ id, label: String(s.label ?? id), needsSignIn: s.needs_sign_in === true }),
  );
}

/** Starts a sign-in: the service's own sign-in page to open, or signed in already. */
export function startMcpSignIn(id: string): Promise<z.infer<typeof signInReply>> {
  return apiRequest<z.infer<typeof signInReply>>(`/plugins/mcp/servers/${encodeURIComponent(id)}/sign-in`, {
    method: 'POST',
    body: { back_to: window.location.origin },
  });
}
