// Fills the hole a limited sync timeline leaves: pages /messages back from prev_batch to the catch-up window, oldest first.

import type { EventLog } from './event-log.ts';
import type { RawEvent } from './inbound-message.ts';
import type { Intake } from './intake.ts';
import type { QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import type { MatrixKvStore } from './matrix-storage.ts';

/** How far back to look. */
export interface BackfillLimits {
  /** Events older than this (ms since epoch) are not fetched. */
  cutoffTs: number;
  /** Stops at the first event already taken in (the hole ends there). */
  isKnown(eventId: string): Promise<boolean>;
  pageSize?: number;
  maxPages?: number;
}

/** The events between an earlier sync and a limited timeline's first event, oldest first. */
export async function missedEvents(
  client: QuorraMatrixClient,
  roomId: string,
  prevBatch: string,
  limits: BackfillLimits,
): Promise<RawEvent[]> {
  const path = `/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/messages`;
  const newestFirst: RawEvent[] = [];
  let from: string | undefined = prevBatch;
  for (let page = 0; from && page < (limits.maxPages ?? 20); page++) {
    const res = (await client.doRequest('GET', path, { from, dir: 'b', limit: limits.pageSize ?? 50 })) as {
      chunk?: unknown;
      end?: unknown;
    } | null;
    const chunk = (Array.isArray(res?.chunk) ? res.chunk : []) as RawEvent[];
    for (const ev of chunk) {
      if (typeof ev.origin_server_ts === 'number' && ev.origin_server_ts < limits.cutoffTs)
        return newestFirst.reverse();
      if (typeof ev.event_id === 'string' && (await limits.isKnown(ev.event_id)))
        return newestFirst.reverse();
      newestFirst.push(ev);
    }
    from = chunk.length && typeof res?.end === 'string' ? res.end : undefined;
  }
  return newestFirst.reverse();
}

/** Takes in what a limited timeline skipped (all of it, before answering any), clears the noted gap, then answers oldest first. */
export async function fillGap(
  d: { client: QuorraMatrixClient; events: EventLog; intake: Intake; kv: MatrixKvStore },
  roomId: string,
  prevBatch: string,
  opts: { cutoffTs: number; process(row: MatrixEvent): Promise<void> | undefined },
): Promise<void> {
  const missed = await missedEvents(d.client, roomId, prevBatch, {
    cutoffTs: opts.cutoffTs,
    isKnown: async (id) => !!(await d.events.get(id)),
  });
  const rows: MatrixEvent[] = [];
  for (const ev of missed) {
    const row = await d.intake.admit(roomId, ev);
    if (row) rows.push(row);
  }
  // from here on the taken-in rows are durable: a restart finishes them
  await d.kv.delete(`backfill.${roomId}`);
  for (const row of rows) await opts.process(row);
}
