// The mcp plugin's /health entry: degraded while any server is unreachable, with each server's state.
import type { CheckResult } from 'quorra/plugin';
import type { McpApi } from './index.ts';

export function mcpHealth(servers: McpApi['servers']): CheckResult {
  const detail: Record<string, unknown> = {};
  const down: string[] = [];
  for (const [id, { connection, toolset }] of servers) {
    detail[id] = {
      label: connection.settings.label,
      state: connection.state,
      tools: toolset.names().length,
      held: toolset.held.length,
      restarts: connection.restarts,
      needs_sign_in: connection.needsSignIn,
    };
    if (connection.state !== 'ready')
      down.push(`${connection.settings.label}${connection.needsSignIn ? ' (needs signing in)' : ''}`);
  }
  if (!servers.size) return { status: 'ok', servers: detail };
  return down.length
    ? { status: 'degraded', reason: `not reachable: ${down.join(', ')}`, servers: detail }
    : { status: 'ok', servers: detail };
}
