// Assembles Quorra: config → logger → plugins → database → model, scheduler, health → plugin host → HTTP.
import { statfsSync } from 'node:fs';
import path from 'node:path';
import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { DataSource } from 'typeorm';
import { coreMigrations } from '../migrations/index.ts';
import { scheduleBackups } from './backup/backup-job.ts';
import { buildInfo, rootDir } from './build-info.ts';
import type { QuorraConfig } from './config/schema.ts';
import { coreEntities } from './db/entities.ts';
import { ensureWritableDir, openDatabase } from './db/open-database.ts';
import type { DreamService } from './dream/dream-service.ts';
import { setupDream } from './dream/setup-dream.ts';
import { addConversationRoutes, type Conversation, setupConversation } from './engine/setup-conversation.ts';
import { Health } from './health/health.ts';
import { addAdminRoutes } from './http/admin-routes.ts';
import { adminUi } from './http/admin-ui.ts';
import { errorEnvelope } from './http/error-envelope.ts';
import { type HttpServer, listen } from './http/http-server.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { RouteTable } from './http/route-table.ts';
import { addSystemRoutes } from './http/system-routes.ts';
import { createLogger, type Logger } from './logger.ts';
import { setupMatrix } from './matrix/setup-matrix.ts';
import { type MemoryLayer, setupMemory } from './memory/setup-memory.ts';
import { Metrics } from './metrics/metrics.ts';
import { ModelClient } from './model/model-client.ts';
import { ModelProbe } from './model/model-probe.ts';
import { type CoreRegistries, createRegistries } from './plugin/core-registries.ts';
import type { PluginServices } from './plugin/plugin-capabilities.ts';
import { PluginHost } from './plugin/plugin-host.ts';
import { loadPlugins } from './plugin/plugin-loader.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { setupWorkspaces, vaultRoot } from './workspaces/setup-workspaces.ts';
import type { WorkspaceStore } from './workspaces/workspace-store.ts';

/** A booted Quorra instance: every subsystem, plus listen and stop. */
export interface Quorra {
  config: QuorraConfig;
  logger: Logger;
  db: DataSource;
  metrics: Metrics;
  model: ModelClient;
  scheduler: Scheduler;
  health: Health;
  registries: CoreRegistries;
  plugins: PluginHost;
  conversation: Conversation;
  workspaces: WorkspaceStore;
  memory: MemoryLayer;
  dream: DreamService;
  http: Koa;
  router: Router;
  listen(): Promise<HttpServer>;
  stop(): Promise<void>;
}

export interface CreateOptions {
  logger?: Logger;
  /** Plugin roots to scan; defaults to the repository's plugins/ plus config.pluginPaths. */
  pluginRoots?: string[];
}

/** Resolves where the database file lives. */
export function databasePath(config: QuorraConfig): string {
  return path.resolve(config.database.path ?? path.join(config.dataDir, 'quorra.db'));
}

/** Builds every subsystem and starts plugins; call listen() to serve HTTP. */
export async function createQuorra(config: QuorraConfig, opts: CreateOptions = {}): Promise<Quorra> {
  const logger = opts.logger ?? createLogger(config.log.level);
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir);
  const roots = opts.pluginRoots ?? [
    path.join(rootDir, 'plugins'),
    ...config.pluginPaths.map((p) => path.resolve(p)),
  ];
  const { plugins: loaded, failures } = await loadPlugins(roots);
  for (const f of failures) logger.error({ plugin: f.id, code: f.code }, f.message);

  const { db, applied } = await openDatabase({
    path: databasePath(config),
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: [...coreEntities, ...loaded.flatMap((p) => (p.definition.entities ?? []) as Function[])],
    migrations: [...coreMigrations, ...loaded.flatMap((p) => (p.definition.migrations ?? []) as Function[])],
  });
  if (applied.length) logger.info({ migrations: applied }, `applied ${applied.length} migration(s)`);

  const metrics = new Metrics();
  metrics.gauge('quorra_build_info', 'Running build', ['version', 'commit']).set(buildInfo, 1);
  const model = new ModelClient(config.model, metrics);
  const scheduler = new Scheduler(logger.child({ subsystem: 'scheduler' }), metrics);
  const health = new Health();
  const registries = createRegistries();
  const router = new Router();
  addSystemRoutes(router, health, metrics, new Date());
  const conversation = await setupConversation({ config, db, logger, metrics, model, registries });
  addConversationRoutes(router, conversation, config);
  const workspaces = setupWorkspaces({ config, db, conversation, router });
  const memory = setupMemory({ config, db, logger, conversation, registries, scheduler, workspaces, router });
  const matrix = setupMatrix({
    config,
    db,
    logger,
    metrics,
    registries,
    conversation,
    workspaces,
    health,
    router,
  });
  const routes = new RouteTable(conversation.auth);
  const services: PluginServices = {
    turns: conversation.turns,
    hooks: conversation.hooks,
    users: conversation.users,
    workspaces,
    notes: memory.notes,
    audit: conversation.audit,
    notify: matrix.notify,
    routes,
    vaultDir: vaultRoot(config),
  };
  const host = new PluginHost(
    { config, db, logger, metrics, model, scheduler, registries, services, health },
    loaded,
    failures,
  );
  addAdminRoutes(router, conversation.auth, host, conversation, registries.approvals);

  const dream = await setupDream({
    config,
    db,
    logger,
    metrics,
    model,
    registries,
    scheduler,
    router,
    workspaces,
    notes: memory.notes,
    store: memory.store,
    prompts: conversation.prompts,
    audit: conversation.audit,
    users: conversation.users,
    auth: conversation.auth,
    notify: () => matrix.notify,
    lastActivity: () => conversation.sessions.lastActivity(),
  });

  const probe = new ModelProbe(model, config.model.baseUrl);
  health.add(
    'db',
    async () => {
      await db.query('SELECT 1');
      const fs = statfsSync(dataDir);
      return { status: 'ok', path: databasePath(config), diskFreeBytes: fs.bavail * fs.bsize };
    },
    { critical: true },
  );
  health.add('model', () => probe.check());
  health.add('matrix', () => matrix.health());
  health.add('plugins', () => {
    const list = host.status();
    const failed = list.filter((p) => p.state === 'failed');
    return {
      status: failed.length ? 'degraded' : 'ok',
      ...(failed.length
        ? { reason: `${failed.length} plugin(s) failed: ${failed.map((p) => p.id).join(', ')}` }
        : {}),
      plugins: Object.fromEntries(list.map(({ id, ...rest }) => [id, rest])),
    };
  });
  health.add('scheduler', () => ({ status: 'ok', jobs: scheduler.list() }));
  scheduleBackups(config, scheduler, logger.child({ subsystem: 'backup' }));

  await host.start();
  await matrix.start();

  const http = new Koa();
  http.proxy = false;
  http.use(requestMetrics(metrics));
  http.use(errorEnvelope(logger));
  http.use(bodyParser({ enableTypes: ['json'], jsonLimit: config.server.bodyLimitBytes, encoding: 'utf-8' }));
  http.use(router.routes());
  http.use(router.allowedMethods());
  http.use(adminUi());
  http.use(routes.middleware());

  let server: HttpServer | undefined;
  let stopped = false;
  return {
    config,
    logger,
    db,
    metrics,
    model,
    scheduler,
    health,
    registries,
    plugins: host,
    conversation,
    workspaces,
    memory,
    dream,
    http,
    router,
    async listen() {
      server = await listen(http, config.server.host, config.server.port);
      logger.info({ url: server.url }, `Quorra ${buildInfo.version} listening on ${server.url}`);
      return server;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server?.close(config.server.shutdownTimeoutMs);
      await dream.stop();
      await scheduler.stop();
      await matrix.stop();
      await host.stop();
      await db.destroy();
      logger.info('Quorra stopped');
    },
  };
}
