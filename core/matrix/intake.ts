// Takes timeline events in: counts and dates them, decides at first look, and logs them durably (once per event id).

import type { EventLog } from './event-log.ts';
import { type BotIdentity, firstLook } from './inbound-filter.ts';
import type { RawEvent } from './inbound-message.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';

const KINDS: Record<string, string> = {
  'm.room.message': 'message',
  'm.room.encrypted': 'encrypted',
  'm.reaction': 'reaction',
};

/** The door every message goes through, whether a sync delivered it or a backfill fetched it. */
export class Intake {
  /** How old the newest message was when it arrived (seconds). */
  lastEventLagSeconds?: number;

  constructor(
    private readonly d: {
      events: EventLog;
      metrics: MatrixMetrics;
      bot: BotIdentity;
      cutoffTs: () => number;
    },
  ) {}

  /** Takes a message in as queued; null when it is not one to answer, or was taken in before. */
  async admit(roomId: string, ev: RawEvent): Promise<MatrixEvent | null> {
    const kind = KINDS[String(ev.type)];
    if (!kind) return null;
    const { metrics } = this.d;
    metrics.received.inc({ kind });
    if (typeof ev.origin_server_ts === 'number') {
      this.lastEventLagSeconds = Math.max(0, Date.now() - ev.origin_server_ts) / 1000;
      metrics.syncLag({}, this.lastEventLagSeconds);
    }
    const look = firstLook(ev, { botUserId: this.d.bot.userId, cutoffTs: this.d.cutoffTs() });
    if ('ignore' in look) {
      metrics.ignored.inc({ reason: look.ignore });
      return null;
    }
    const row = await this.d.events.take(roomId, ev);
    if (!row) metrics.ignored.inc({ reason: 'duplicate' });
    return row;
  }
}
