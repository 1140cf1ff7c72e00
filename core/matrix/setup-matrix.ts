// Wires Matrix into the app: stores, core bang-commands (before plugins), notify (queued while Matrix is off), admin routes, the runtime.
import type { DataSource } from 'typeorm';
import type { QuorraConfig } from '../config/schema.ts';
import type { CoreRegistries } from '../engine/core-registries.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { CheckResult, Health } from '../health/health.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CoreContributions } from '../plugin/core-contributions.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { coreCommands } from './core-commands.ts';
import { type MatrixAccounts, matrixAccounts } from './matrix-accounts.ts';
import { matrixConfigured } from './matrix-login.ts';
import { matrixMetrics } from './matrix-metrics.ts';
import { matrixRoutes } from './matrix-routes.ts';
import { MatrixRuntime } from './matrix-runtime.ts';
import { MatrixKvStore } from './matrix-storage.ts';
import { type Notify, Outbox } from './outbox.ts';
import { roomCommand } from './room-command.ts';
import { RoomResolver } from './room-resolver.ts';
import { RoomSessions } from './room-sessions.ts';
import { RoomStore } from './room-store.ts';

/** The Matrix side of the app, as app.ts uses it. */
export interface MatrixSetup {
  /** Present when config.matrix has a homeserver and credentials (at boot, or once adopted). */
  readonly runtime?: MatrixRuntime;
  rooms: RoomStore;
  outbox: Outbox;
  notify: Notify;
  /** Seeds config room mappings and starts the runtime (call after plugins started). */
  start(): Promise<void>;
  /** Stops taking messages in, at once (a stop's first step); what runs goes on. */
  halt(): void;
  /** Resolves once the room work running at the halt has finished, or after timeoutMs. */
  settle(timeoutMs: number): Promise<void>;
  /** Stops the runtime, waiting up to idleMs for room work (call before the database closes). */
  stop(idleMs?: number): Promise<void>;
  /** Sends a notice now without storing it, for when the database cannot take a write; false if not sent. */
  sendNow(userId: string, text: string, key: string): Promise<boolean>;
  /** Family members' Matrix accounts (created when the homeserver's registration secret is configured). */
  accounts: MatrixAccounts;
  /** The /health `matrix` check. */
  health(): Promise<CheckResult>;
  /** Starts the runtime with settings given after boot; false when one runs already or they are incomplete. */
  adopt(settings: Partial<QuorraConfig['matrix']>): Promise<boolean>;
}

/** Registers core commands and notify now (before plugins activate); the client connects in start(). */
export function setupMatrix(deps: {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  registries: CoreRegistries;
  conversation: Conversation;
  workspaces: WorkspaceStore;
  health: Health;
  contribute: CoreContributions;
}): MatrixSetup {
  const { config, db, conversation, registries } = deps;
  const logger = deps.logger.child({ subsystem: 'matrix' });
  const metrics = matrixMetrics(deps.metrics);
  const rooms = new RoomStore(db, deps.workspaces, () => conversation.engine.knownScopes());
  const resolver = new RoomResolver(rooms, deps.workspaces);
  const roomSessions = new RoomSessions(db);
  const outbox = new Outbox(db, conversation.users, metrics);
  const notify: Notify = (userId, text, opts) => outbox.notify(userId, text, opts);
  for (const command of coreCommands({
    commands: registries.commands,
    users: conversation.users,
    controls: conversation.controls,
    roomSessions,
    health: deps.health,
  }))
    deps.contribute.commands.add(command);
  deps.contribute.commands.add(roomCommand(rooms, resolver));
  deps.contribute.routes(matrixRoutes(rooms, outbox, () => runtime?.joinedRooms() ?? Promise.resolve(null)));

  let configured = matrixConfigured(config.matrix);
  const makeRuntime = () =>
    new MatrixRuntime({
      config,
      db,
      logger,
      metrics,
      users: conversation.users,
      turns: conversation.turns,
      commands: registries.commands,
      replies: registries.replies,
      files: registries.files,
      resolver,
      roomSessions,
      outbox,
      kv: new MatrixKvStore(db),
    });
  let runtime = configured.ok ? makeRuntime() : undefined;
  let stopped = false;
  return {
    get runtime() {
      return runtime;
    },
    rooms,
    outbox,
    notify,
    accounts: matrixAccounts(config, () => runtime?.userId),
    async start() {
      await rooms.seed(config.matrix.rooms, logger);
      await outbox.refreshGauge();
      // stop() may have run meanwhile; the runtime then refuses to start (MatrixRuntime.start)
      await runtime?.start();
    },
    sendNow(userId: string, text: string, key: string) {
      return runtime?.sendNow(userId, text, key) ?? Promise.resolve(false);
    },
    halt() {
      stopped = true;
      runtime?.halt();
    },
    settle(timeoutMs: number) {
      return runtime?.settle(timeoutMs) ?? Promise.resolve();
    },
    async stop(idleMs?: number) {
      stopped = true;
      await runtime?.stop(idleMs);
    },
    /**
     * Connects a household that had no Matrix settings at start (the owner just gave them in the browser): the
     * settings join the config the runtime reads, and it starts as it would have at boot.
     */
    async adopt(settings: Partial<typeof config.matrix>) {
      if (runtime || stopped) return false;
      Object.assign(config.matrix, settings);
      configured = matrixConfigured(config.matrix);
      if (!configured.ok) return false;
      runtime = makeRuntime();
      await rooms.seed(config.matrix.rooms, logger);
      void runtime.start();
      return true;
    },
    async health() {
      if (runtime) return runtime.health();
      return { status: 'disabled', reason: configured.ok ? 'not started' : configured.reason };
    },
  };
}
