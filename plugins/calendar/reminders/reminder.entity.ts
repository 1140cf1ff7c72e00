// A reminder in Quorra's database (the source of truth): for whom, what, when it fires next, how it repeats.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** scheduled: waiting to fire (or held: it could not be delivered yet); done: delivered and not repeating; cancelled:
 * stopped by a person. */
export type ReminderState = 'scheduled' | 'done' | 'cancelled';

@Entity('calendar_reminder')
@Index('idx_calendar_reminder_due', ['state', 'dueAt'])
export class Reminder {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Who asked for it. */
  @Column({ type: 'varchar', length: 64, name: 'created_by' })
  createdBy!: string;

  /** Who is reminded (a household user id). */
  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 500 })
  text!: string;

  /** The next time it fires (UTC). */
  @Column({ type: 'datetime', name: 'due_at' })
  dueAt!: Date;

  /** The IANA zone its local time is read in (the person's). */
  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  /** RFC 5545 RRULE of a repeating reminder (local time from the first due), or null. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  repeat!: string | null;

  /** The local wall-clock start (`YYYY-MM-DDTHH:MM`) repeats are counted from. */
  @Column({ type: 'varchar', length: 16, name: 'local_start' })
  localStart!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: ReminderState;

  @Column({ type: 'integer', name: 'fired_count' })
  firedCount!: number;

  @Column({ type: 'datetime', name: 'last_fired_at', nullable: true })
  lastFiredAt!: Date | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  /** Why it could not be delivered when due (still pending, retried); null once delivered or never held. */
  @Column({ type: 'varchar', length: 300, name: 'undelivered_reason', nullable: true })
  undeliveredReason!: string | null;

  /** When the person who set it was offered it instead (once), or null. */
  @Column({ type: 'datetime', name: 'offered_at', nullable: true })
  offeredAt!: Date | null;
}
