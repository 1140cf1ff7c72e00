// The calendar's /health entry: disabled when not configured, else the last probe, refreshed at most once a minute.
import type { CheckResult } from 'quorra/plugin';

/** Caches one probe result; concurrent callers share the probe in flight. */
export class CalendarHealth {
  private last: { at: number; result: CheckResult } | null = null;
  private inFlight: Promise<CheckResult> | null = null;

  constructor(
    private readonly probe: (() => Promise<string>) | null,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The health entry; hits the network only when the cached result is older than maxAgeMs. */
  async check(): Promise<CheckResult> {
    if (!this.probe) return { status: 'disabled', reason: 'not configured (no url)' };
    if (this.last && this.now() - this.last.at < this.maxAgeMs) return this.last.result;
    this.inFlight ??= this.run(this.probe).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async run(probe: () => Promise<string>): Promise<CheckResult> {
    let result: CheckResult;
    try {
      result = { status: 'ok', calendar: await probe() };
    } catch (err) {
      result = { status: 'degraded', reason: (err as Error).message };
    }
    this.last = { at: this.now(), result };
    return result;
  }
}
