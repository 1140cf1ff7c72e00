// The Dream service: flags re-read every tick, one pass at a time, manual runs, settings changes, and shutdown.
import type { AuditLog } from '../engine/audit-log.ts';
import type { Logger } from '../logger.ts';
import { candidateWorkspaces, type DreamDefaults, type DreamFlags, readFlags } from './dream-flags.ts';
import type { DreamRunner, SliceRun } from './dream-runner.ts';
import type { RunCause } from './dream-runs.ts';
import type { DreamSettingPatch, DreamSettingsStore } from './dream-settings.ts';
import { addCounters, type RunCounters, zeroCounters } from './run-counters.ts';

/** What one tick did, per enabled workspace. */
export interface TickResult {
  workspaces: { workspace: string; runs: SliceRun[]; deferred: number; failed: boolean }[];
  totals: RunCounters;
}

export interface DreamServiceDeps {
  runner: DreamRunner;
  settings: DreamSettingsStore;
  defaults: DreamDefaults;
  logger: Logger;
  audit?: Pick<AuditLog, 'record'>;
  /** When a household member last talked to Quorra; a scheduled pass waits for a quiet spell after it. */
  lastActivity?: () => Promise<Date | null>;
  /** Minutes of quiet a scheduled pass needs (0: never wait); manual runs never wait. */
  quietMinutes?: number;
}

/** Owns the pass's lifecycle; every run, scheduled or manual, goes through `tick`. */
export class DreamService {
  private current: Promise<TickResult> | null = null;
  private readonly abort = new AbortController();
  private lastTick: { at: Date; cause: RunCause; error?: string } | null = null;
  private retry?: NodeJS.Timeout;

  constructor(readonly deps: DreamServiceDeps) {}

  get runner(): DreamRunner {
    return this.deps.runner;
  }

  /** The effective switches of one workspace key; unreadable settings mean all-off. */
  flags(workspace: string): Promise<DreamFlags> {
    return readFlags(workspace, this.deps.defaults, (w) => this.deps.settings.get(w));
  }

  /** The switches of every workspace worth showing: enrolled by env or with a stored setting. */
  async allFlags(): Promise<DreamFlags[]> {
    const { keys } = await candidateWorkspaces(this.deps.defaults, () => this.deps.settings.list());
    return Promise.all(keys.map((k) => this.flags(k)));
  }

  /** True while a pass runs. */
  get running(): boolean {
    return this.current !== null;
  }

  /** When the last pass started, why, and whether it failed. */
  get last(): { at: Date; cause: RunCause; error?: string } | null {
    return this.lastTick;
  }

  /**
   * One pass over every enabled workspace, flags read afresh (and again before every batch, so switching a
   * workspace off stops it mid-run). Shared slices are never included. Null when a pass is already running.
   */
  async tick(cause: RunCause = 'scheduled'): Promise<TickResult | null> {
    if (this.current) return null;
    if (cause === 'scheduled' && (await this.conversationActive())) return null;
    // the check above may have awaited: another tick can have started meanwhile
    if (this.current) return null;
    this.current = this.pass(cause);
    try {
      return await this.current;
    } finally {
      this.current = null;
    }
  }

  /**
   * The seed's "must not run during active sessions": a scheduled pass that finds someone talking defers and
   * tries again once the quiet spell could have passed, rather than losing the night.
   */
  private async conversationActive(): Promise<boolean> {
    const quiet = (this.deps.quietMinutes ?? 0) * 60_000;
    if (!quiet || !this.deps.lastActivity) return false;
    const last = await this.deps.lastActivity().catch(() => null);
    if (!last || Date.now() - last.getTime() >= quiet) return false;
    this.lastTick = { at: new Date(), cause: 'scheduled', error: 'deferred: a conversation was active' };
    this.deps.logger.info({ lastActivity: last }, 'Dream deferred: a conversation is active');
    if (!this.retry && !this.abort.signal.aborted) {
      this.retry = setTimeout(
        () => {
          this.retry = undefined;
          void this.tick('scheduled').catch((err) =>
            this.deps.logger.error({ err }, 'deferred Dream run failed'),
          );
        },
        quiet - (Date.now() - last.getTime()) + 1000,
      );
      this.retry.unref();
    }
    return true;
  }

  /** Starts a pass in the background (the owner's `!quorra dream run`); false when one is already running. */
  runNow(): boolean {
    if (this.current) return false;
    void this.tick('manual').catch((err) => this.deps.logger.error({ err }, 'manual Dream run failed'));
    return true;
  }

  /** Resolves when no pass is running. */
  async idle(): Promise<void> {
    while (this.current) await this.current.catch(() => undefined);
  }

  /** Aborts a running pass at its next model call and waits for it (the cursor holds, as for any stop). */
  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.retry);
    await this.idle();
  }

  private async pass(cause: RunCause): Promise<TickResult> {
    this.lastTick = { at: new Date(), cause };
    const result: TickResult = { workspaces: [], totals: zeroCounters() };
    const { keys, error } = await candidateWorkspaces(this.deps.defaults, () => this.deps.settings.list());
    if (error)
      this.deps.logger.warn({ err: error }, 'Dream could not list stored settings; only env-enrolled');
    for (const key of keys) {
      if (this.abort.signal.aborted) break;
      const flags = await this.flags(key);
      if (!flags.enabled) continue;
      const ran = await this.deps.runner.consolidateWorkspace(key, {
        cause,
        semantic: flags.semanticDedup,
        allowed: async () => !this.abort.signal.aborted && (await this.flags(key)).enabled,
        signal: this.abort.signal,
      });
      result.workspaces.push({ workspace: key, ...ran });
      addCounters(result.totals, ran.totals);
      if (ran.failed) {
        // an infrastructure failure stops the whole pass; the next tick starts again from the held cursors
        this.lastTick.error = ran.runs.at(-1)?.error ?? 'failed';
        break;
      }
    }
    return result;
  }

  /** Changes a workspace's stored switches and audits the change (before and after) for the owner's trail. */
  async changeSettings(workspace: string, patch: DreamSettingPatch, by: string) {
    const { before, after } = await this.deps.settings.put(workspace, patch, by);
    await this.deps.audit?.record({
      userId: by,
      sessionId: null,
      tool: 'dream_settings',
      tier: 1,
      input: { workspace, patch, before, after },
      outcome: 'ok',
      detail: `Dream settings for ${workspace} changed`,
    });
    return { stored: after, flags: await this.flags(workspace) };
  }
}
