// MCP: the household's other services (Home Assistant, Nextcloud, …) as tools, under Quorra's scopes, tiers and audit.
import { definePlugin } from 'quorra/plugin';
import { mcpHealth } from './mcp-health.ts';
import { scopeFragments } from './mcp-scope.ts';
import { mcpSettings } from './mcp-settings.ts';
import { CreateMcp1765100000000 } from './migrations/1765100000000-create-mcp.ts';
import { CreateMcpOAuth1765200000000 } from './migrations/1765200000000-create-mcp-oauth.ts';
import { OAuthGrant } from './oauth-grant.entity.ts';
import { GrantProvider } from './oauth-provider.ts';
import { addOAuthRoutes } from './oauth-routes.ts';
import { SecretBox } from './secret-box.ts';
import { ServerConnection } from './server-connection.ts';
import { ServerToolset } from './server-toolset.ts';
import { toolChangeKind } from './tool-change-kind.ts';
import { ToolPin } from './tool-pin.entity.ts';
import { ToolPins } from './tool-pins.ts';

/** What the plugin offers tests and diagnostics: each server's connection and toolset. */
export interface McpApi {
  servers: Map<string, { connection: ServerConnection; toolset: ServerToolset }>;
  /** Waits until every server answered once (or `ms` passed). */
  ready(ms?: number): Promise<boolean>;
}

export default definePlugin({
  id: 'mcp',
  description:
    'Reach the household’s other services (Home Assistant, Nextcloud, …) through MCP, under Quorra’s rules.',
  settings: mcpSettings,
  async testConnection(settings) {
    const { testServers } = await import('./connection-probe.ts');
    return testServers(settings);
  },
  entities: [ToolPin, OAuthGrant],
  migrations: [CreateMcp1765100000000, CreateMcpOAuth1765200000000],
  activate(ctx): McpApi {
    const pins = new ToolPins(ctx.db);
    const servers: McpApi['servers'] = new Map();
    const box = new SecretBox(ctx.dataDir);
    // one provider per server, shared by its connection and the sign-in routes, so neither saves a stale copy
    const grants = new Map<string, Promise<GrantProvider>>();
    const grant = (id: string) => {
      const url = ctx.settings.servers.find((s) => s.id === id)?.url ?? '';
      let g = grants.get(id);
      if (!g) {
        g = GrantProvider.open(ctx.db, box, id, url);
        grants.set(id, g);
        g.catch(() => grants.delete(id));
      }
      return g;
    };
    ctx.approvals.registerKind(
      toolChangeKind(async (p) => {
        const approved = await pins.approve(p.server, p.tool, p.hash);
        if (approved) await servers.get(p.server)?.toolset.resync();
        return approved;
      }),
    );
    for (const fragment of scopeFragments(ctx.settings.servers)) {
      try {
        ctx.prompts.add(fragment);
      } catch {
        // another plugin already declares this scope: its prompt stays, the tools join it
      }
    }
    for (const s of ctx.settings.servers) {
      const logger = ctx.logger.child({ server: s.id });
      let toolset!: ServerToolset;
      const connection = new ServerConnection(
        s,
        logger,
        (tools) => toolset.update(tools),
        () => grant(s.id),
      );
      toolset = new ServerToolset(s, connection, {
        tools: ctx.tools,
        pins,
        approvals: ctx.approvals,
        logger,
      });
      servers.set(s.id, { connection, toolset });
      ctx.onDispose(async () => {
        await connection.stop();
        await toolset.dispose();
      });
      connection.start();
    }
    addOAuthRoutes(ctx.http, {
      servers: () => ctx.settings.servers,
      grant,
      byState: async (state) => {
        const found = await GrantProvider.byState(ctx.db, box, state);
        return found && servers.has(found.serverId) ? grant(found.serverId) : null;
      },
      connection: (id) => servers.get(id)?.connection,
      logger: ctx.logger,
    });
    ctx.healthCheck(() => mcpHealth(servers));
    return {
      servers,
      ready: async (ms = 10_000) =>
        (await Promise.all([...servers.values()].map((s) => s.connection.ready(ms)))).every(Boolean),
    };
  },
});
