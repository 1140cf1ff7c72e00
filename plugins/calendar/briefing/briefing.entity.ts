// A member's daily briefing: the local time it goes out, and the local date it last went out (so once a day).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('calendar_briefing')
export class Briefing {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  /** Local `HH:MM` in the member's time zone. */
  @Column({ type: 'varchar', length: 5 })
  time!: string;

  /** The member's local date of the last briefing sent, or null. */
  @Column({ type: 'varchar', length: 10, name: 'last_sent_date', nullable: true })
  lastSentDate!: string | null;

  /** The owner who scheduled it. */
  @Column({ type: 'varchar', length: 64, name: 'set_by' })
  setBy!: string;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
