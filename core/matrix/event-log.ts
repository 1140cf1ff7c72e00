// Inbound events the bot took in: dedup on event id, status per event, and what is left to finish after a restart.

import { type DataSource, In, LessThan } from 'typeorm';
import { EntityRows } from '../db/entity-rows.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { RawEvent } from './inbound-message.ts';
import { MatrixEvent, type MatrixEventStatus } from './matrix-event.entity.ts';

/** Records inbound events and their outcome. */
export class EventLog {
  // the take and the outcome run for every message, on its path: hand-written statements, not the query builder
  private readonly rows: EntityRows<MatrixEvent>;

  constructor(private readonly db: DataSource) {
    this.rows = new EntityRows(db, MatrixEvent);
  }

  private get repo() {
    return this.db.getRepository(MatrixEvent);
  }

  /** Takes an event in as queued; null when it was seen before (never answered twice). */
  async take(roomId: string, ev: RawEvent): Promise<MatrixEvent | null> {
    const now = new Date();
    // a plain assignment: the repository's create() walks the entity's metadata per call, for the same object
    const row = Object.assign(new MatrixEvent(), {
      eventId: String(ev.event_id),
      roomId,
      sender: String(ev.sender),
      originTs: typeof ev.origin_server_ts === 'number' ? ev.origin_server_ts : now.getTime(),
      event: ev,
      status: 'queued',
      reason: null,
      replyEventId: null,
      receivedAt: now,
      updatedAt: now,
    } satisfies MatrixEvent);
    try {
      await this.rows.query(this.rows.insert(row));
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /** One event by id. */
  get(eventId: string): Promise<MatrixEvent | null> {
    return this.repo.findOneBy({ eventId });
  }

  /** Moves an event to a status, with a reason or the reply's event id. */
  async mark(
    eventId: string,
    status: MatrixEventStatus,
    extra: { reason?: string; replyEventId?: string | null } = {},
  ): Promise<void> {
    const fields: Partial<MatrixEvent> = { status, updatedAt: new Date() };
    if (extra.reason !== undefined) fields.reason = extra.reason.slice(0, 200);
    if (extra.replyEventId !== undefined) fields.replyEventId = extra.replyEventId;
    await this.rows.query(this.rows.update(fields, { eventId }));
  }

  /** Events taken in but not finished (the bot stopped before recording an outcome), oldest first. */
  unfinished(): Promise<MatrixEvent[]> {
    return this.repo.find({ where: { status: 'queued' }, order: { originTs: 'ASC' } });
  }

  /** Deletes finished events received before a time; returns how many. */
  async prune(before: Date): Promise<number> {
    const res = await this.repo.delete({
      status: In(['answered', 'ignored', 'refused', 'failed']),
      receivedAt: LessThan(before),
    });
    return res.affected ?? 0;
  }
}
