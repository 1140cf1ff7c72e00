// Assembles Quorra: config → logger → plugins → database → model, scheduler, health → plugin host → HTTP → Matrix.
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { coreMigrations } from '../migrations/index.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { peopleRoutes } from './admin/people-routes.ts';
import { pluginSettingsRoutes } from './admin/plugin-settings-routes.ts';
import { coreEntities } from './app-entities.ts';
import type { ApprovalQueue } from './approvals/approval-queue.ts';
import { setupApprovals } from './approvals/setup-approvals.ts';
import { publicUrlOf } from './auth/sign-in-link.ts';
import { signInRoutes } from './auth/sign-in-routes.ts';
import { scheduleBackups } from './backup/backup-job.ts';
import { buildInfo } from './build-info.ts';
import { databasePath, vaultRoot } from './config/data-paths.ts';
import type { QuorraConfig } from './config/schema.ts';
import { ensureWritableDir, openDatabase } from './db/open-database.ts';
import type { DreamService } from './dream/dream-service.ts';
import { setupDream } from './dream/setup-dream.ts';
import { chatRoutes } from './engine/chat-routes.ts';
import { type CoreRegistries, createRegistries } from './engine/core-registries.ts';
import { inspectRoutes } from './engine/inspect-routes.ts';
import { sessionRoutes } from './engine/session-routes.ts';
import { type Conversation, setupConversation } from './engine/setup-conversation.ts';
import { WIND_DOWN_MS } from './engine/turn-drain.ts';
import { stopIntake } from './graceful-stop.ts';
import { addCoreChecks } from './health/core-checks.ts';
import { Health } from './health/health.ts';
import { systemRoutes } from './health/system-routes.ts';
import { authenticate } from './http/authenticate.ts';
import { httpApp } from './http/http-app.ts';
import { type HttpServer, listen } from './http/http-server.ts';
import { metricsApp } from './http/metrics-app.ts';
import { openApiRoute } from './http/openapi.ts';
import { RouteTable } from './http/route-table.ts';
import { createLogger, type Logger } from './logger.ts';
import { setupMatrix } from './matrix/setup-matrix.ts';
import { mcpRoutes } from './mcp-server/mcp-routes.ts';
import { type MemoryLayer, setupMemory } from './memory/setup-memory.ts';
import { Metrics } from './metrics/metrics.ts';
import { announceModel } from './model/announce-model.ts';
import { ModelClient } from './model/model-client.ts';
import { checkPluginSettings } from './plugin/check-plugin-settings.ts';
import { coreContributions } from './plugin/core-contributions.ts';
import { PluginHost } from './plugin/plugin-host.ts';
import { loadPlugins, pluginRoots, pluginTables } from './plugin/plugin-loader.ts';
import { toolScopeCheck } from './plugin/tool-scope-check.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { type Onboarding, type SetupModels, setupOnboarding } from './setup/setup-onboarding.ts';
import { setupWorkspaces } from './workspaces/setup-workspaces.ts';
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
  /** The approvals queue (rows from every producer). */
  approvals: ApprovalQueue;
  plugins: PluginHost;
  conversation: Conversation;
  workspaces: WorkspaceStore;
  memory: MemoryLayer;
  dream: DreamService;
  /** Every route, core and plugin (what /openapi.json describes). */
  routes: RouteTable;
  listen(): Promise<HttpServer>;
  /**
   * Connects Matrix (seeds the configured rooms, then the first connection attempt; later ones retry in the
   * background). `quorra serve` runs it after listen(), so /health answers (saying Matrix is "starting") while
   * the SDK and the E2EE crypto load and the first sync runs; tests await it before they talk to the bot.
   */
  connectMatrix(): Promise<void>;
  onboarding: Onboarding;
  /** The separate /metrics listener, when `server.metrics.port` is set and listen() ran. */
  metricsServer(): HttpServer | undefined;
  stop(): Promise<void>;
}

export interface CreateOptions {
  logger?: Logger;
  setupModels?: SetupModels;
  /** Plugin roots to scan; defaults to the repository's plugins/ plus config.pluginPaths. */
  pluginRoots?: string[];
}

/** Builds every subsystem and starts plugins; call listen() to serve HTTP. */
export async function createQuorra(config: QuorraConfig, opts: CreateOptions = {}): Promise<Quorra> {
  const logger = opts.logger ?? createLogger(config.log.level);
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir);
  const found = await loadPlugins(opts.pluginRoots ?? pluginRoots(config));
  checkPluginSettings(config, found);
  const { db, applied, pluginFailures } = await openDatabase({
    path: databasePath(config),
    url: config.database.url,
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: coreEntities,
    migrations: coreMigrations,
    plugins: pluginTables(found.plugins),
  });
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
  const routes = new RouteTable(
    authenticate(
      conversation.users,
      conversation.tokens,
      config.server.serviceSecret,
      conversation.browserSessions,
    ),
  );
  // core features register through the same registries, hooks, jobs and route table as plugins do
  const contribute = coreContributions({ routes, registries, hooks: conversation.hooks, scheduler });
  contribute.routes(systemRoutes(health, metrics, new Date(), config.server.metrics.token));
  for (const surface of [chatRoutes, mcpRoutes]) contribute.routes(surface(conversation.engine));
  contribute.routes(sessionRoutes(conversation.controls));
  contribute.routes(inspectRoutes(conversation.inspector, () => config.developerMode));
  const workspaces = setupWorkspaces({ config, db, conversation, contribute });
  const memory = setupMemory({ config, db, logger, conversation, workspaces, contribute });
  const matrix = setupMatrix({
    config,
    db,
    logger,
    metrics,
    registries,
    conversation,
    workspaces,
    health,
    contribute,
  });
  const approvals = await setupApprovals({
    db,
    logger: logger.child({ subsystem: 'approvals' }),
    registries,
    confirmations: conversation.confirmations,
    contribute,
  });
  const host = new PluginHost(
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
        workspaces,
        notes: memory.notes,
        takeSurfaceOnce: async (userId, limit) =>
          (await memory.store.takeSurfaceOnce({ userId, workspace: null }, limit)).map((m) => ({
            id: m.id,
            content: m.content,
          })),
        audit: conversation.audit,
        notify: matrix.notify,
        routes,
        vaultDir: vaultRoot(config),
        approvals,
        approvalKinds: registries.approvalKinds,
        approvalSources: registries.approvals,
      },
    },
    loaded,
    failures,
  );
  contribute.routes(adminRoutes(host, conversation));
  contribute.routes(pluginSettingsRoutes(host, conversation.audit));
  contribute.routes(peopleRoutes(conversation));
  const onboarding = setupOnboarding(
    { config, dataDir, conversation, model, matrix, logger },
    opts.setupModels,
  );
  contribute.routes(onboarding.routes);
  let server: HttpServer | undefined;
  contribute.routes(
    signInRoutes({
      conversation,
      logger,
      outbox: matrix.outbox,
      publicUrl: () => publicUrlOf(config, server?.url),
      developerMode: () => config.developerMode,
      matrixReady: () => matrix.runtime !== undefined,
    }),
  );
  contribute.routes([openApiRoute(() => routes.list())]);
  const dream = await setupDream({
    config,
    db,
    logger,
    metrics,
    model,
    scheduler,
    contribute,
    workspaces,
    notes: memory.notes,
    store: memory.store,
    prompts: conversation.prompts,
    audit: conversation.audit,
    users: conversation.users,
    notify: () => matrix.notify,
    lastActivity: () => conversation.sessions.lastActivity(),
  });

  addCoreChecks(health, { config, dataDir, db, model, matrix: () => matrix.health(), host, scheduler });
  scheduleBackups(config, scheduler, logger.child({ subsystem: 'backup' }));

  await host.start();
  const http = httpApp({ logger, metrics, routes, storage: health.storage, server: config.server });

  let metricsServer: HttpServer | undefined;
  let stopped = false;
  let connecting: Promise<void> | undefined;
  return {
    config,
    logger,
    db,
    metrics,
    model,
    scheduler,
    health,
    registries,
    approvals,
    plugins: host,
    conversation,
    workspaces,
    memory,
    dream,
    routes,
    metricsServer: () => metricsServer,
    onboarding,
    async listen() {
      server = await http.listen(config.server.host, config.server.port);
      logger.info({ url: server.url }, `Quorra ${buildInfo.version} listening on ${server.url}`);
      const m = config.server.metrics;
      if (m.port !== undefined) {
        metricsServer = await listen(metricsApp(metrics, m.token, logger), m.host, m.port);
        logger.info({ url: metricsServer.url }, `metrics on ${metricsServer.url}/metrics`);
      }
      return server;
    },
    connectMatrix() {
      connecting ??= stopped ? Promise.resolve() : matrix.start();
      return connecting;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopIntake(config.server.shutdownGraceMs, {
        servers: [server, metricsServer],
        matrix,
        turns: conversation.engine.drain,
        endStreams: () => routes.endStreams(),
      });
      await dream.stop();
      await scheduler.stop();
      await matrix.stop(WIND_DOWN_MS);
      // a first connection still under way must not touch the database after it closes
      await connecting?.catch(() => undefined);
      await host.stop();
      await contribute.dispose();
      await model.close();
      // the recall counts still gathered in memory (written every few seconds)
      await memory.store
        .flushReferences()
        .catch((err) => logger.warn({ err }, 'memory reference counts not written at stop'));
      await db.destroy();
      logger.info('Quorra stopped');
    },
  };
}
