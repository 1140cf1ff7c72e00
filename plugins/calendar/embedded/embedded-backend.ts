// The embedded backend: calendars and lists in Quorra's own database, the default when no CalDAV server is set.
import type { DataSource } from 'typeorm';
import type { CalendarBackend, CollectionRef } from '../calendar-backend.ts';
import { CalendarObject } from './calendar-object.entity.ts';
import { EmbeddedCalendar } from './embedded-calendar.ts';
import { EmbeddedTasks } from './embedded-tasks.ts';

/** Every calendar and list of the household in the calendar_object table. */
export class EmbeddedBackend implements CalendarBackend {
  readonly kind = 'embedded' as const;

  constructor(private readonly db: DataSource) {}

  calendar(name: string): EmbeddedCalendar {
    return new EmbeddedCalendar(this.db, name);
  }

  taskList(name: string, displayName?: string): EmbeddedTasks {
    return new EmbeddedTasks(this.db, name, displayName);
  }

  /** Every collection holding at least one object (what a move copies). */
  async collections(): Promise<CollectionRef[]> {
    const rows: { collection: string; name: string }[] = await this.db
      .getRepository(CalendarObject)
      .createQueryBuilder('o')
      .select('o.collection', 'collection')
      .addSelect('MIN(o.collection_name)', 'name')
      .groupBy('o.collection')
      .orderBy('o.collection')
      .getRawMany();
    return rows.map((r) => {
      const [kind, ...rest] = r.collection.split(':');
      return { kind: kind as 'VEVENT' | 'VTODO', name: rest.join(':'), displayName: r.name };
    });
  }
}
