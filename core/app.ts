// Assembles Quorra: config → logger → plugins → database → model, scheduler, health, conversation → the core areas
// (each declared in core/<area>/area.ts) → plugin host → HTTP; Matrix connects when asked.
import path from 'node:path';
import { adminArea } from './admin/area.ts';
import { appLifecycle } from './app-lifecycle.ts';
import type { CreateOptions, Quorra } from './app-quorra.ts';
import { approvalsArea } from './approvals/area.ts';
import { authArea } from './auth/area.ts';
import { backupArea } from './backup/area.ts';
import { buildInfo } from './build-info.ts';
import type { QuorraConfig } from './config/schema.ts';
import { ensureWritableDir } from './db/open-database.ts';
import { dreamArea } from './dream/area.ts';
import { conversationArea } from './engine/area.ts';
import { createRegistries } from './engine/core-registries.ts';
import { setupConversation } from './engine/setup-conversation.ts';
import { healthArea } from './health/area.ts';
import { Health } from './health/health.ts';
import { authenticate } from './http/authenticate.ts';
import { httpApp } from './http/http-app.ts';
import { openApiRoute } from './http/openapi.ts';
import { RouteTable } from './http/route-table.ts';
import { createLogger } from './logger.ts';
import { matrixArea } from './matrix/area.ts';
import { memoryArea } from './memory/area.ts';
import { Metrics } from './metrics/metrics.ts';
import { announceModel } from './model/announce-model.ts';
import { ModelClient } from './model/model-client.ts';
import { pluginsArea } from './plugin/area.ts';
import { checkPluginSettings } from './plugin/check-plugin-settings.ts';
import { coreContributions } from './plugin/core-contributions.ts';
import { loadPlugins, pluginRoots } from './plugin/plugin-loader.ts';
import { toolScopeCheck } from './plugin/tool-scope-check.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { openHouseholdDatabase } from './schema/household-database.ts';
import { setupArea } from './setup/area.ts';
import { workspacesArea } from './workspaces/area.ts';

export type { CreateOptions, Quorra } from './app-quorra.ts';

/** Builds every subsystem and starts plugins; call listen() to serve HTTP. */
export async function createQuorra(config: QuorraConfig, opts: CreateOptions = {}): Promise<Quorra> {
  const logger = opts.logger ?? createLogger(config.log.level);
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir);
  const found = await loadPlugins(opts.pluginRoots ?? pluginRoots(config));
  checkPluginSettings(config, found);
  const { db, applied, pluginFailures } = await openHouseholdDatabase(config, found.plugins);
  if (applied.length) logger.info({ migrations: applied }, `applied ${applied.length} migration(s)`);
  // a plugin whose tables are not ready is failed here and never activated; the rest boot
  const failures = [...found.failures, ...pluginFailures.map((f) => ({ ...f, dir: '' }))];
  const loaded = found.plugins.filter((p) => !pluginFailures.some((f) => f.id === p.id));
  for (const f of failures) logger.error({ plugin: f.id, code: f.code }, f.message);

  const metrics = new Metrics();
  metrics.gauge('quorra_build_info', 'Running build', ['version', 'commit']).set(buildInfo, 1);
  const model = new ModelClient(config.model, metrics, {
    dataDir,
    log: (level, message, details) => logger[level]({ subsystem: 'model', ...details }, message),
  });
  announceModel(model, logger);
  const scheduler = new Scheduler(logger.child({ subsystem: 'scheduler' }), metrics);
  const health = new Health();
  const registries = createRegistries();
  const conversation = await setupConversation({ config, db, logger, metrics, model, registries });
  registries.tools.validator = toolScopeCheck(
    () => conversation.engine.knownScopes(),
    [...found.plugins, ...found.failures].map((p) => p.id),
  );
  const { users, tokens, browserSessions } = conversation;
  const secret = config.server.serviceSecret;
  const routes = new RouteTable(authenticate(users, tokens, secret, browserSessions));
  // core areas register through the same registries, hooks, jobs and route table as plugins do
  const contribute = coreContributions({ routes, registries, hooks: conversation.hooks, scheduler });
  const ctx = { config, db, logger, metrics, model, scheduler, health, registries, conversation, contribute };
  await conversationArea.activate(ctx);
  const workspaces = await workspacesArea.activate(ctx);
  const memory = await memoryArea.activate({ ...ctx, workspaces });
  const matrix = await matrixArea.activate({ ...ctx, workspaces });
  const approvals = await approvalsArea.activate(ctx);
  const areas = { ...ctx, workspaces, memory, matrix, approvals, routes, loaded, failures };
  const host = await pluginsArea.activate(areas);
  await adminArea.activate({ ...ctx, host, matrixAccounts: matrix.accounts });
  const onboarding = await setupArea.activate({ ...ctx, dataDir, matrix, setupModels: opts.setupModels });
  const dream = await dreamArea.activate({ ...ctx, workspaces, memory, matrix });
  const http = httpApp({ logger, metrics, routes, storage: health.storage, server: config.server });
  const life = appLifecycle({ ...ctx, routes, matrix, memory, host, dream, http });
  await authArea.activate({ ...ctx, matrix, serverUrl: life.serverUrl });
  contribute.routes([openApiRoute(() => routes.list())]);
  await healthArea.activate({ ...ctx, dataDir, matrix, host });
  await backupArea.activate(ctx);

  await host.start();
  const { listen, connectMatrix, stop, metricsServer } = life;
  const parts = {
    config,
    logger,
    db,
    metrics,
    model,
    scheduler,
    health,
    registries,
    approvals,
    conversation,
  };
  const surfaces = { listen, connectMatrix, stop, metricsServer };
  return { ...parts, ...surfaces, plugins: host, workspaces, memory, dream, routes, onboarding };
}
