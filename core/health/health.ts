// Health checks by name (db, model, matrix, …) rolled up into one report, and a cached verdict for GET /health.

import type { CheckResult, HealthState } from '../contracts/check-result.ts';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import { StorageWatch } from './storage-watch.ts';

export { type CheckResult, type HealthState, healthStates } from '../contracts/check-result.ts';

export type HealthCheck = () => CheckResult | Promise<CheckResult>;

/** Collects checks; `critical` ones make the whole service `failed` (503) when they fail. */
export class Health {
  private readonly checks = new Map<string, { fn: HealthCheck; critical: boolean }>();
  private latest?: { at: number; status: HealthState };
  private refreshing?: Promise<HealthState>;
  /** Whether writes are meeting a full disk (the request pipeline tells it; the storage check reads it). */
  readonly storage = new StorageWatch();
  /** Bumped when the set of checks changes, so a report begun before that is not cached as current. */
  private generation = 0;

  /** `maxAgeMs`: how old the public liveness verdict may get before a probe refreshes it in the background. */
  constructor(private readonly maxAgeMs = 5_000) {}

  /** Adds a named check; dispose removes it. */
  add(name: string, fn: HealthCheck, opts: { critical?: boolean } = {}): Disposable {
    this.checks.set(name, { fn, critical: opts.critical ?? false });
    this.forget();
    return toDisposable(() => {
      this.checks.delete(name);
      this.forget();
    });
  }

  /** Drops the cached verdict, e.g. when a write just met a full disk: the next probe runs the checks. */
  invalidate(): void {
    this.forget();
  }

  private forget(): void {
    this.latest = undefined;
    this.refreshing = undefined;
    this.generation++;
  }

  /**
   * The rolled-up verdict for the public liveness probe, from the last report: a load balancer or a flood of
   * strangers polling /health never runs the checks (DB, disk, model, CalDAV) per request. A stale verdict is
   * still served while one refresh runs in the background; only the very first probe waits for the checks.
   * A verdict at hand is returned as it is, not as a promise: a probe then has nothing to wait for.
   */
  status(): HealthState | Promise<HealthState> {
    const latest = this.latest;
    if (!latest) return this.refresh();
    if (Date.now() - latest.at > this.maxAgeMs) void this.refresh();
    return latest.status;
  }

  private refresh(): Promise<HealthState> {
    this.refreshing ??= this.report()
      .then((r) => r.status)
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  /** Runs every check (a throwing check counts as failed) and rolls them up. */
  async report(): Promise<{ status: HealthState; checks: Record<string, CheckResult> }> {
    const generation = this.generation;
    const checks: Record<string, CheckResult> = {};
    let status: HealthState = 'ok';
    for (const [name, { fn, critical }] of this.checks) {
      let result: CheckResult;
      try {
        result = await fn();
      } catch (err) {
        result = { status: 'failed', reason: (err as Error).message };
      }
      checks[name] = result;
      if (result.status === 'failed' && critical) status = 'failed';
      else if ((result.status === 'failed' || result.status === 'degraded') && status === 'ok')
        status = 'degraded';
    }
    if (generation === this.generation) this.latest = { at: Date.now(), status };
    return { status, checks };
  }
}
