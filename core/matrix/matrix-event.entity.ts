// An inbound Matrix event the bot took in (dedup on event id), with what became of it.

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RawEvent } from './inbound-message.ts';

/** queued (taken in; run again after a restart until an outcome is recorded) → answered | ignored | refused | failed. */
export type MatrixEventStatus = 'queued' | 'answered' | 'ignored' | 'refused' | 'failed';

@Entity('matrix_events')
@Index(['status'])
export class MatrixEvent {
  @PrimaryColumn({ type: 'varchar', length: 255, name: 'event_id' })
  eventId!: string;

  @Column({ type: 'varchar', length: 255, name: 'room_id' })
  roomId!: string;

  @Column({ type: 'varchar', length: 255 })
  sender!: string;

  /** origin_server_ts in ms. */
  @Column({ type: 'integer', name: 'origin_ts' })
  originTs!: number;

  /** The raw event as /sync delivered it (needed to finish it after a restart). */
  @Column({ type: 'simple-json' })
  event!: RawEvent;

  @Column({ type: 'varchar', length: 16 })
  status!: MatrixEventStatus;

  @Column({ type: 'varchar', length: 200, nullable: true })
  reason!: string | null;

  @Column({ type: 'varchar', length: 255, name: 'reply_event_id', nullable: true })
  replyEventId!: string | null;

  @Column({ type: 'datetime', name: 'received_at' })
  receivedAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
