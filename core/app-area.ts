// What a core area declares, as a plugin does: an id and an activate that registers its routes, commands, hooks and
// jobs through the core contributions, and names its tables (its entities.ts, from which core/schema builds the whole
// household schema, since a backup or the CLI opens the database without activating any area).
import type { DataSource } from 'typeorm';
import type { QuorraConfig } from './config/schema.ts';
import type { AreaTables } from './contracts/area-tables.ts';
import type { CoreRegistries } from './engine/core-registries.ts';
import type { Conversation } from './engine/setup-conversation.ts';
import type { Health } from './health/health.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { ModelClient } from './model/model-client.ts';
import type { CoreContributions } from './plugin/core-contributions.ts';
import type { Scheduler } from './scheduler/scheduler.ts';

/** The app's shared parts every area is activated with (what the areas before it gave comes beside them). */
export interface AreaContext {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  scheduler: Scheduler;
  health: Health;
  registries: CoreRegistries;
  conversation: Conversation;
  contribute: CoreContributions;
}

/** A core area: `Needs` is what it takes from the areas activated before it, `Gives` what it offers the rest. */
export interface CoreArea<Needs = object, Gives = void> {
  id: string;
  /** The tables it owns and their migrations, when it has any (the same object core/schema lists). */
  tables?: AreaTables;
  activate(ctx: AreaContext & Needs): Gives | Promise<Gives>;
}

/** Declares a core area (typed identity, so the declaration reads like a plugin's definePlugin). */
export function defineArea<Needs = object, Gives = void>(
  area: CoreArea<Needs, Gives>,
): CoreArea<Needs, Gives> {
  return area;
}
