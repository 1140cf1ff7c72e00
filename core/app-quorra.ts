// What a booted Quorra is (every subsystem, plus listen and stop) and what creating one takes.
import type { DataSource } from 'typeorm';
import type { ApprovalQueue } from './approvals/approval-queue.ts';
import type { QuorraConfig } from './config/schema.ts';
import type { DreamService } from './dream/dream-service.ts';
import type { CoreRegistries } from './engine/core-registries.ts';
import type { Conversation } from './engine/setup-conversation.ts';
import type { Health } from './health/health.ts';
import type { HttpServer } from './http/http-server.ts';
import type { RouteTable } from './http/route-table.ts';
import type { Logger } from './logger.ts';
import type { MemoryLayer } from './memory/area.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { ModelClient } from './model/model-client.ts';
import type { PluginHost } from './plugin/plugin-host.ts';
import type { Scheduler } from './scheduler/scheduler.ts';
import type { Onboarding, SetupModels } from './setup/setup-onboarding.ts';
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
