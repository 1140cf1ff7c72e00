// Health checks by name (db, model, matrix, …) rolled up into one report for GET /health.
import { type Disposable, toDisposable } from '../disposable.ts';

export type HealthState = 'ok' | 'degraded' | 'failed' | 'disabled';

/** One component's health with a reason when it is not ok. */
export interface CheckResult {
  status: HealthState;
  reason?: string;
  [detail: string]: unknown;
}

type Check = () => CheckResult | Promise<CheckResult>;

/** Collects checks; `critical` ones make the whole service `failed` (503) when they fail. */
export class Health {
  private readonly checks = new Map<string, { fn: Check; critical: boolean }>();

  /** Adds a named check; dispose removes it. */
  add(name: string, fn: Check, opts: { critical?: boolean } = {}): Disposable {
    this.checks.set(name, { fn, critical: opts.critical ?? false });
    return toDisposable(() => void this.checks.delete(name));
  }

  /** Runs every check (a throwing check counts as failed) and rolls them up. */
  async report(): Promise<{ status: HealthState; checks: Record<string, CheckResult> }> {
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
    return { status, checks };
  }
}
