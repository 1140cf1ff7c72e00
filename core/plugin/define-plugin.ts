// The plugin contract: a plugin is data (id, dependencies, settings, entities, migrations) plus activate(ctx).
import type { Writable } from 'node:stream';
import type { DataSource, MixedList } from 'typeorm';
import { z } from 'zod';
import type { QuorraConfig } from '../config/schema.ts';
import type {
  CommandDefinition,
  FileHandler,
  ModeDefinition,
  PromptFragment,
  ReplyHandler,
} from '../contracts/contributions.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import type { Disposable } from '../contracts/disposable.ts';
import type { CheckResult } from '../health/health.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import type { Capabilities } from './plugin-capabilities.ts';

/** A registry handle as a plugin sees it: add returns a disposable the host also keeps. */
export interface Contributions<T> {
  add(item: T): Disposable;
}

/** Everything a plugin gets at activation: its own things, the registries, and the narrow core capabilities. */
export interface PluginContext<S = unknown> extends Capabilities {
  id: string;
  settings: S;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  /** This plugin's own directory under the data dir, created on demand. */
  dataDir: string;
  tools: Contributions<ToolDefinition<any>>;
  modes: Contributions<ModeDefinition>;
  commands: Contributions<CommandDefinition>;
  prompts: Contributions<PromptFragment>;
  /** Answers Matrix replies to notifications sent with `replyTo: {handler: <name>, ref}`. */
  replies: Contributions<ReplyHandler>;
  /** Takes files people upload in Matrix rooms (the first handler that accepts a file gets it). */
  files: Contributions<FileHandler>;
  /**
   * Runs `fn` on a cron expression; never two runs of the same job at once. `about` says what it does in the
   * owner's words ("Refreshes the calendars you subscribed to"), shown on the Overview in place of the name.
   */
  schedule(cron: string, name: string, fn: () => Promise<void> | void, about?: string): Disposable;
  /** Adds this plugin's own entry to /health (named after the plugin id). */
  healthCheck(check: () => CheckResult | Promise<CheckResult>): Disposable;
  /**
   * Says the plugin runs but lacks what it needs (e.g. no server address): the Plugins page, the Overview and
   * /health/details then show it as "needs setup" with `what` (owner's words) and the settings `field` to fill in.
   */
  needsSetup(need: { what: string; field?: string }): void;
  /** Registers cleanup to run when the plugin is disabled or the host stops. */
  onDispose(fn: () => Promise<void> | void): Disposable;
  /** Returns the public API a dependency exposed from its activate (only ids in dependsOn). */
  dependency<T = unknown>(id: string): T;
}

/**
 * A `quorra <name>` subcommand a plugin contributes (the diagnostics agent's process): it runs without the server,
 * so it gets the config, not a context; it returns the exit code. Keep its module lazy: `quorra help` loads the
 * plugin's index to list it.
 */
export interface PluginCliCommand {
  name: string;
  usage: string;
  description: string;
  run(args: string[], config: QuorraConfig, out: Writable): Promise<number>;
}

/** A plugin as declared in `plugins/<id>/index.ts`. */
export interface PluginDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  description?: string;
  dependsOn?: string[];
  settings?: S;
  entities?: MixedList<Function>;
  migrations?: MixedList<Function>;
  /** `quorra <name>` subcommands (bundled plugins only: the CLI looks in plugins/). */
  cli?: PluginCliCommand[];
  /**
   * Tries settings (checked, not saved) against the outside service they name — the admin form's Test connection.
   * `message` is the plugin's own words for what happened; text from the service never goes into it.
   */
  testConnection?(settings: z.infer<S>): Promise<{ ok: boolean; message: string }>;
  /** Sets the plugin up; what it returns is the API its dependents get through ctx.dependency(id). */
  activate(ctx: PluginContext<z.infer<S>>): unknown | Promise<unknown>;
}

const pluginId = /^[a-z][a-z0-9-]*$/;

/** Declares a plugin; validates the static parts of the definition. */
export function definePlugin<S extends z.ZodType = z.ZodObject<{}>>(
  def: PluginDefinition<S>,
): PluginDefinition<S> {
  if (!pluginId.test(def.id)) throw new Error(`plugin id "${def.id}" must be kebab-case`);
  return { dependsOn: [], settings: z.object({}) as unknown as S, entities: [], migrations: [], ...def };
}
