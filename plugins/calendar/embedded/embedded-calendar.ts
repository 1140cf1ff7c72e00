// A calendar of the embedded backend: events as iCalendar text in Quorra's database, expanded by the same code as CalDAV's.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventCalendar, FoundEvent, RawObject, StoredObject } from '../calendar-backend.ts';
import { byStart, type CalendarEvent } from '../calendar-event.ts';
import { buildEvent, parseEvents } from '../ical.ts';
import { expandEvents } from '../recurrence.ts';
import { EmbeddedCollection, toStored } from './embedded-collection.ts';

/** One calendar. */
export class EmbeddedCalendar implements EventCalendar {
  readonly rows: EmbeddedCollection;

  constructor(db: DataSource, name: string) {
    this.rows = new EmbeddedCollection(db, 'VEVENT', name, name.includes('/') ? name : name.trim());
  }

  async calendarName(): Promise<string> {
    return this.rows.displayName;
  }

  async probe(): Promise<string> {
    await this.rows.probe();
    return this.rows.displayName;
  }

  async query(from: number, to: number, timeZone = 'UTC'): Promise<CalendarEvent[]> {
    const rows = await this.rows.touching(from, to);
    return rows.flatMap((r) => expandEvents(r.ics, timeZone, from, to)).sort(byStart);
  }

  async add(event: Omit<CalendarEvent, 'uid'>): Promise<CalendarEvent> {
    const stored: CalendarEvent = { ...event, uid: `${randomUUID()}@quorra` };
    await this.rows.put({ uid: stored.uid, ics: buildEvent(stored) });
    return stored;
  }

  async find(uid: string, timeZone = 'UTC'): Promise<FoundEvent | null> {
    const row = await this.rows.byUid(uid);
    const event = row ? parseEvents(row.ics, timeZone).find((e) => e.uid === uid) : undefined;
    return row && event ? { event, object: toStored(row) } : null;
  }

  async update(found: { object: StoredObject }, event: CalendarEvent): Promise<CalendarEvent> {
    await this.rows.replace(found.object, buildEvent(event));
    return event;
  }

  async remove(uid: string, timeZone = 'UTC'): Promise<CalendarEvent | null> {
    const found = await this.find(uid, timeZone);
    if (!found) return null;
    await this.rows.delete(found.object);
    return found.event;
  }

  async objects(): Promise<RawObject[]> {
    return (await this.rows.all()).map((r) => ({ uid: r.uid, ics: r.ics }));
  }

  async putObject(object: RawObject): Promise<void> {
    await this.rows.put(object);
  }
}
