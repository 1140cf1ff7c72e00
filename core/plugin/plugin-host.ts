// Boots plugins in dependency order, keeps what each registered, and reports their state for /health.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { QuorraConfig } from '../config/schema.ts';
import { DisposableStore, toDisposable } from '../contracts/disposable.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { CoreRegistries } from '../engine/core-registries.ts';
import type { Health } from '../health/health.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { Contributions, PluginContext } from './define-plugin.ts';
import { formatSettingsIssues } from './format-settings-issues.ts';
import { type PluginServices, pluginCapabilities } from './plugin-capabilities.ts';
import type { LoadedPlugin, PluginLoadFailure } from './plugin-loader.ts';
import { PluginState } from './plugin-state.entity.ts';

/** A plugin's state as /health and the admin API show it. */
export interface PluginStatus {
  id: string;
  enabled: boolean;
  state: 'active' | 'failed' | 'disabled';
  code?: string;
  reason?: string;
  dependsOn: string[];
  /** Switched on and running, but missing what it needs to do its work (no calendar server, no PMS). */
  needsSetup?: SetupNeed;
}

/** What a running plugin still needs, in the owner's words, and the settings field that gives it. */
export interface SetupNeed {
  what: string;
  field?: string;
}

interface Running {
  store: DisposableStore;
  api: unknown;
  /** Set by the plugin's ctx.needsSetup while it runs; gone when it stops (new settings start it afresh). */
  setup?: SetupNeed;
}

export interface PluginHostDeps {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  scheduler: Scheduler;
  registries: CoreRegistries;
  services: PluginServices;
  health: Health;
}

/** Owns plugin lifecycles: checks, activation, disposal, enable/disable at runtime. */
export class PluginHost {
  private readonly plugins = new Map<string, LoadedPlugin>();
  private readonly running = new Map<string, Running>();
  private readonly failures = new Map<string, { code: string; reason: string }>();
  private readonly enabled = new Map<string, boolean>();
  /** Settings saved from the admin UI, which replace the config file's. */
  private readonly saved = new Map<string, Record<string, unknown>>();
  private order: string[] = [];

  constructor(
    private readonly deps: PluginHostDeps,
    loaded: LoadedPlugin[],
    loadFailures: PluginLoadFailure[] = [],
  ) {
    for (const p of loaded) this.plugins.set(p.id, p);
    for (const f of loadFailures) this.failures.set(f.id, { code: f.code, reason: f.message });
  }

  /** Seeds stored enablement from config, then activates enabled plugins in dependency order. */
  async start(): Promise<void> {
    const repo = this.deps.db.getRepository(PluginState);
    const rows = await repo.find();
    const stored = new Map(rows.map((r) => [r.id, r.enabled]));
    for (const r of rows) if (r.settings) this.saved.set(r.id, r.settings);
    for (const id of this.plugins.keys()) {
      if (!stored.has(id)) {
        const enabled = this.deps.config.plugins[id]?.enabled ?? true;
        await repo.insert({ id, enabled, updatedAt: new Date() });
        stored.set(id, enabled);
      }
      this.enabled.set(id, stored.get(id)!);
    }
    this.order = this.sortByDependencies();
    for (const id of this.order) if (this.enabled.get(id)) await this.activate(id);
  }

  private markFailed(id: string, code: string, reason: string): void {
    this.failures.set(id, { code, reason });
    this.deps.logger.error({ plugin: id, code }, `plugin ${id} failed: ${reason}`);
  }

  /** Topological order; plugins in a cycle are marked failed and left out. */
  private sortByDependencies(): string[] {
    const order: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, trail: string[]): boolean => {
      if (state.get(id) === 'done') return true;
      if (state.get(id) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(id)), id];
        for (const member of cycle.slice(0, -1)) {
          this.markFailed(
            member,
            'QUORRA_PLUGIN_DEPENDENCY_CYCLE',
            `dependency cycle: ${cycle.join(' -> ')}`,
          );
        }
        return false;
      }
      state.set(id, 'visiting');
      let ok = true;
      for (const dep of this.plugins.get(id)!.definition.dependsOn ?? []) {
        if (this.plugins.has(dep)) ok = visit(dep, [...trail, id]) && ok;
      }
      state.set(id, 'done');
      if (ok) order.push(id);
      return ok;
    };
    for (const id of [...this.plugins.keys()].sort()) visit(id, []);
    return order;
  }

  /** Checks settings and dependencies, then runs activate; any failure is recorded, never thrown. */
  private async activate(id: string): Promise<boolean> {
    const { definition, dir } = this.plugins.get(id)!;
    const log = this.deps.logger.child({ plugin: id });
    this.failures.delete(id);
    for (const dep of definition.dependsOn ?? []) {
      if (!this.plugins.has(dep)) {
        this.markFailed(
          id,
          'QUORRA_PLUGIN_MISSING_DEPENDENCY',
          `depends on "${dep}", which is not installed`,
        );
        return false;
      }
      if (!this.running.has(dep)) {
        this.markFailed(id, 'QUORRA_PLUGIN_DEPENDENCY_INACTIVE', `depends on "${dep}", which is not active`);
        return false;
      }
    }
    const parsed = definition.settings!.safeParse(this.settingsOf(id));
    if (!parsed.success) {
      this.markFailed(id, 'QUORRA_PLUGIN_INVALID_SETTINGS', formatSettingsIssues(parsed.error));
      return false;
    }
    const store = new DisposableStore();
    const contribute = <T>(registry: {
      add(item: T, owner: string): { dispose(): unknown };
    }): Contributions<T> => ({
      add: (item: T) => store.add(registry.add(item, id) as never),
    });
    const dataDir = path.join(this.deps.config.dataDir, 'plugins', id);
    let setup: SetupNeed | undefined;
    const ctx: PluginContext = {
      id,
      settings: parsed.data,
      db: this.deps.db,
      logger: log,
      metrics: this.deps.metrics,
      model: this.deps.model,
      get dataDir() {
        mkdirSync(dataDir, { recursive: true });
        return dataDir;
      },
      ...pluginCapabilities(this.deps.services, id, store, log),
      tools: contribute(this.deps.registries.tools),
      modes: contribute(this.deps.registries.modes),
      commands: contribute(this.deps.registries.commands),
      prompts: contribute(this.deps.registries.prompts),
      replies: contribute(this.deps.registries.replies),
      files: contribute(this.deps.registries.files),
      schedule: (cron, name, fn, about) =>
        store.add(
          this.deps.scheduler.add(cron, `${id}.${name}`, fn, { owner: id, ...(about ? { about } : {}) }),
        ),
      onDispose: (fn) => store.add(toDisposable(fn)),
      healthCheck: (check) => store.add(this.deps.health.add(id, check)),
      needsSetup: (need) => {
        setup = need;
      },
      dependency: <T>(dep: string) => {
        if (!(definition.dependsOn ?? []).includes(dep)) {
          throw new QuorraError(
            'QUORRA_PLUGIN_UNDECLARED_DEPENDENCY',
            `plugin "${id}" did not declare "${dep}" in dependsOn`,
          );
        }
        return this.running.get(dep)?.api as T;
      },
    };
    try {
      const api = await definition.activate(ctx);
      this.running.set(id, { store, api, ...(setup ? { setup } : {}) });
      log.info({ dir }, `plugin ${id} active`);
      return true;
    } catch (err) {
      await store.dispose().catch(() => undefined);
      const code = err instanceof QuorraError ? err.code : 'QUORRA_PLUGIN_ACTIVATE_FAILED';
      this.markFailed(id, code, (err as Error).message);
      return false;
    }
  }

  private async deactivate(id: string): Promise<void> {
    const run = this.running.get(id);
    if (!run) return;
    this.running.delete(id);
    try {
      await run.store.dispose();
    } catch (err) {
      this.deps.logger.error({ plugin: id, err }, `plugin ${id} did not dispose cleanly`);
    }
  }

  /** Enables or disables a plugin now and stores the choice; disabling a dependency of an active plugin is refused. */
  async setEnabled(id: string, enabled: boolean): Promise<PluginStatus> {
    if (!this.plugins.has(id))
      throw new QuorraError('QUORRA_PLUGIN_UNKNOWN', `no plugin "${id}"`, undefined, 'not-found');
    if (!enabled) {
      const dependents = [...this.running.keys()].filter((p) =>
        this.plugins.get(p)!.definition.dependsOn?.includes(id),
      );
      if (dependents.length) {
        throw new QuorraError(
          'QUORRA_PLUGIN_HAS_DEPENDENTS',
          `"${id}" is needed by ${dependents.join(', ')}`,
          { dependents },
          'conflict',
        );
      }
    }
    await this.deps.db.getRepository(PluginState).save({ id, enabled, updatedAt: new Date() });
    this.enabled.set(id, enabled);
    if (enabled && !this.running.has(id)) await this.activate(id);
    if (!enabled) {
      await this.deactivate(id);
      this.failures.delete(id);
    }
    return this.status().find((s) => s.id === id)!;
  }

  /** The raw settings a plugin starts with: what the owner saved, else the config file's. */
  settingsOf(id: string): Record<string, unknown> {
    return this.saved.get(id) ?? this.deps.config.plugins[id]?.settings ?? {};
  }

  /** A loaded plugin's definition (its settings schema, description), if installed. */
  definition(id: string) {
    return this.plugins.get(id)?.definition;
  }

  /** Stores new settings (already validated) and restarts the plugin, and whatever runs on it, to apply them. */
  async saveSettings(id: string, settings: Record<string, unknown>): Promise<PluginStatus> {
    if (!this.plugins.has(id))
      throw new QuorraError('QUORRA_PLUGIN_UNKNOWN', `no plugin "${id}"`, undefined, 'not-found');
    const enabled = this.enabled.get(id) ?? false;
    await this.deps.db.getRepository(PluginState).save({ id, enabled, settings, updatedAt: new Date() });
    this.saved.set(id, settings);
    // dependents may hold the old API object: they restart too, after the plugin they need
    const affected = new Set([id]);
    for (const p of this.order)
      if (this.plugins.get(p)!.definition.dependsOn?.some((d) => affected.has(d))) affected.add(p);
    const restart = this.order.filter(
      (p) => affected.has(p) && (this.running.has(p) || this.failures.has(p)),
    );
    for (const p of [...restart].reverse()) await this.deactivate(p);
    for (const p of restart) if (this.enabled.get(p)) await this.activate(p);
    return this.status().find((s) => s.id === id)!;
  }

  /** Every known plugin (including ones that failed to load) with its state and reason. */
  status(): PluginStatus[] {
    const ids = new Set([...this.plugins.keys(), ...this.failures.keys()]);
    return [...ids].sort().map((id) => {
      const failure = this.failures.get(id);
      const enabled = this.enabled.get(id) ?? false;
      const state = this.running.has(id) ? 'active' : failure ? 'failed' : 'disabled';
      const dependsOn = this.plugins.get(id)?.definition.dependsOn ?? [];
      const setup = this.running.get(id)?.setup;
      return {
        id,
        enabled,
        state,
        dependsOn,
        ...(failure && state === 'failed' ? { code: failure.code, reason: failure.reason } : {}),
        ...(setup ? { needsSetup: setup } : {}),
      };
    });
  }

  /** The public API an active plugin returned from activate. */
  api<T>(id: string): T | undefined {
    return this.running.get(id)?.api as T | undefined;
  }

  /** Disposes every active plugin in reverse activation order. */
  async stop(): Promise<void> {
    for (const id of [...this.running.keys()].reverse()) await this.deactivate(id);
  }
}
