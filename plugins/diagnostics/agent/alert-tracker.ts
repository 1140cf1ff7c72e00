// Turns each round's findings into alerts: once when a check goes bad or gets worse, once when it recovers, never
// again while it stays as it was. Its state is saved so a restarted agent does not repeat itself.
import { randomUUID } from 'node:crypto';
import type { Finding } from '../finding.ts';
import type { Alert } from '../ipc/protocol.ts';

type Level = 'ok' | 'warning' | 'critical';

export interface TrackerState {
  levels: Record<string, Level>;
  /** Alerts not yet acknowledged by Quorra (it was down, or never connected). */
  pending: Alert[];
}

const rank: Record<Level, number> = { ok: 0, warning: 1, critical: 2 };

export class AlertTracker {
  constructor(readonly state: TrackerState = { levels: {}, pending: [] }) {}

  /** Feeds one finding; returns the alert it raises, if any (also queued as pending). */
  observe(f: Finding): Alert | undefined {
    if (f.severity === 'skipped') return undefined;
    const before = this.state.levels[f.check] ?? 'ok';
    const now: Level = f.severity;
    this.state.levels[f.check] = now;
    let alert: Alert | undefined;
    if (rank[now] > rank[before])
      alert = {
        id: randomUUID(),
        kind: 'problem',
        check: f.check,
        severity: f.severity,
        summary: f.summary,
        remedy: f.remedy,
        at: f.at,
      };
    else if (now === 'ok' && before !== 'ok')
      alert = {
        id: randomUUID(),
        kind: 'recovery',
        check: f.check,
        severity: 'ok',
        summary: f.summary,
        at: f.at,
      };
    if (alert) {
      this.state.pending.push(alert);
      // a household that never connects Quorra must not grow this without bound
      if (this.state.pending.length > 200) this.state.pending.splice(0, this.state.pending.length - 200);
    }
    return alert;
  }

  /** Forgets alerts Quorra has taken. */
  ack(ids: string[]): void {
    const done = new Set(ids);
    this.state.pending = this.state.pending.filter((a) => !done.has(a.id));
  }
}
