// What the Matrix runtime is built from: the app's stores, registries and the engine's turn runner.
import type { DataSource } from 'typeorm';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { CommandDefinition, FileHandler, ReplyHandler } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Turns } from '../engine/turns.ts';
import type { Logger } from '../logger.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import type { Outbox } from './outbox.ts';
import type { RoomResolver } from './room-resolver.ts';
import type { RoomSessions } from './room-sessions.ts';

/** What the runtime is built from. */
export interface RuntimeDeps {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: MatrixMetrics;
  users: UserStore;
  turns: Turns;
  commands: Registry<CommandDefinition>;
  replies: Registry<ReplyHandler>;
  files: Registry<FileHandler>;
  resolver: RoomResolver;
  roomSessions: RoomSessions;
  outbox: Outbox;
  kv: MatrixKvStore;
}
