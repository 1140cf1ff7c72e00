// One iCalendar object of the embedded backend (an event with its overrides, or a task), kept as the text itself.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// PostgreSQL hands bigint back as a string; the span columns are compared and read as numbers
const msColumn = {
  to: (v: number | null) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? null : Number(v)),
};

@Entity('calendar_object')
@Index('idx_calendar_object_uid', ['collection', 'uid'], { unique: true })
@Index('idx_calendar_object_span', ['collection', 'startsAt'])
export class CalendarObject {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The collection's key: `VEVENT:` or `VTODO:` and the name or path the book asks for, lower-case. */
  @Column({ type: 'varchar', length: 320 })
  collection!: string;

  /** The collection's display name ("Household", "Shopping (Max)"). */
  @Column({ type: 'varchar', length: 200, name: 'collection_name' })
  collectionName!: string;

  @Column({ type: 'varchar', length: 300 })
  uid!: string;

  /** The whole VCALENDAR text as written (ical.js reads it back; nothing a client wrote is dropped). */
  @Column({ type: 'text' })
  ics!: string;

  /** Earliest instant any occurrence can start (UTC ms, a day's slack for all-day dates); null for tasks. */
  @Column({ type: 'bigint', name: 'starts_at', nullable: true, transformer: msColumn })
  startsAt!: number | null;

  /** Latest instant any occurrence can end; null when a rule repeats without end (or for tasks). */
  @Column({ type: 'bigint', name: 'ends_at', nullable: true, transformer: msColumn })
  endsAt!: number | null;

  @Column({ type: 'bigint', name: 'updated_at', transformer: msColumn })
  updatedAt!: number;
}
