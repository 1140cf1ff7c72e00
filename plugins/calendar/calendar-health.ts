// The calendar's /health entry: the last probe (refreshed at most once a minute), and reminders that wait undelivered.
import type { CheckResult } from 'quorra/plugin';

/** Caches one probe result; concurrent callers share the probe in flight. */
export class CalendarHealth {
  private last: { at: number; result: CheckResult } | null = null;
  private inFlight: Promise<CheckResult> | null = null;

  constructor(
    private readonly probe: (() => Promise<string>) | null,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
    private readonly backend: 'embedded' | 'caldav' = 'caldav',
  ) {}

  /** The health entry; hits the network only when the cached result is older than maxAgeMs. */
  async check(): Promise<CheckResult> {
    if (!this.probe)
      return { status: 'disabled', reason: 'needs setup: no calendar server address (url) yet' };
    if (this.last && this.now() - this.last.at < this.maxAgeMs) return this.last.result;
    this.inFlight ??= this.run(this.probe).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async run(probe: () => Promise<string>): Promise<CheckResult> {
    let result: CheckResult;
    try {
      result = { status: 'ok', calendar: await probe(), backend: this.backend };
    } catch (err) {
      result = { status: 'degraded', reason: (err as Error).message };
    }
    this.last = { at: this.now(), result };
    return result;
  }
}

/** The health entry with what needs the owner's eye (undelivered reminders, failing feeds): degraded, in words. */
export function withNotices(result: CheckResult, notices: string[]): CheckResult {
  if (!notices.length) return result;
  const reason = notices.join('; ');
  const status = result.status === 'ok' ? 'degraded' : result.status;
  return {
    ...result,
    status,
    reason: 'reason' in result && result.reason ? `${result.reason}; ${reason}` : reason,
  };
}

/** The notice for reminders that could not be delivered, or none: an owner sees a reminder waits, not that it went. */
export async function heldReminderNotices(
  held: { userId: string; undeliveredReason: string | null }[],
  nameOf: (id: string) => Promise<string | null>,
): Promise<string[]> {
  if (!held.length) return [];
  const reasons = [...new Set(held.map((r) => r.undeliveredReason).filter((r): r is string => !!r))];
  const who = [
    ...new Set(await Promise.all(held.map(async (r) => (await nameOf(r.userId)) ?? 'a former member'))),
  ];
  const count = held.length === 1 ? '1 reminder' : `${held.length} reminders`;
  return [`${count} for ${who.join(', ')} cannot be delivered (${reasons.join('; ')})`];
}
