// The health area: /health, /version and /metrics on the main port, and the core checks (database, disk, model,
// Matrix, plugins, jobs) they report.
import { defineArea } from '../app-area.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { addCoreChecks } from './core-checks.ts';
import { STORAGE_FULL_NOTICE, StorageAlert } from './storage-alert.ts';
import { systemRoutes } from './system-routes.ts';

/** Mounts the system routes and adds the checks of every core part (after the host and Matrix exist). */
export const healthArea = defineArea<{ dataDir: string; matrix: MatrixSetup; host: PluginHost }>({
  id: 'health',
  activate({
    config,
    dataDir,
    db,
    model,
    scheduler,
    health,
    metrics,
    matrix,
    host,
    contribute,
    conversation,
  }) {
    contribute.routes(systemRoutes(health, metrics, new Date(), config.server.metrics.token));
    addCoreChecks(health, { config, dataDir, db, model, matrix: () => matrix.health(), host, scheduler });
    // the owners hear of a full disk once, straight through Matrix: the outbox is a write, and writes fail then
    new StorageAlert(health.storage, async (episode) => {
      const key = `storage-full:${Date.now()}:${episode}`;
      for (const owner of await conversation.users.owners().catch(() => []))
        await matrix.sendNow(owner.id, STORAGE_FULL_NOTICE, `${key}:${owner.id}`);
    });
  },
});
