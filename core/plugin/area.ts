// The plugin host as an area: what the plugins may reach (the services below) comes from the areas before it.
import { defineArea } from '../app-area.ts';
import type { ApprovalQueue } from '../approvals/approval-queue.ts';
import { vaultRoot } from '../config/data-paths.ts';
import type { RouteSink } from '../contracts/route-definition.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import type { MemoryLayer } from '../memory/area.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { pluginHostTables } from './entities.ts';
import { PluginHost } from './plugin-host.ts';
import type { LoadedPlugin, PluginLoadFailure } from './plugin-loader.ts';

interface Needs {
  workspaces: WorkspaceStore;
  memory: MemoryLayer;
  matrix: MatrixSetup;
  approvals: ApprovalQueue;
  routes: RouteSink;
  loaded: LoadedPlugin[];
  failures: PluginLoadFailure[];
}

/** Builds the host over the plugins that loaded (it starts them after every core area is up). */
export const pluginsArea = defineArea<Needs, PluginHost>({
  id: 'plugins',
  tables: pluginHostTables,
  activate(ctx) {
    const { config, conversation, registries, memory, matrix } = ctx;
    const { db, logger, metrics, model, scheduler, health } = ctx;
    return new PluginHost(
      {
        config,
        db,
        logger,
        metrics,
        model,
        scheduler,
        registries,
        health,
        services: {
          turns: conversation.turns,
          toolCalls: conversation.toolCalls,
          hooks: conversation.hooks,
          users: conversation.users,
          workspaces: ctx.workspaces,
          notes: memory.notes,
          takeSurfaceOnce: async (userId, limit) =>
            (await memory.store.takeSurfaceOnce({ userId, workspace: null }, limit)).map((m) => ({
              id: m.id,
              content: m.content,
            })),
          audit: conversation.audit,
          notify: matrix.notify,
          routes: ctx.routes,
          vaultDir: vaultRoot(config),
          approvals: ctx.approvals,
          approvalKinds: registries.approvalKinds,
          approvalSources: registries.approvals,
        },
      },
      ctx.loaded,
      ctx.failures,
    );
  },
});
