// One CalDAV calendar's events over a shared account: query (repeating events expanded), add, find, delete.
import { randomUUID } from 'node:crypto';
import type { DAVCalendar, DAVCalendarObject } from 'tsdav';
import {
  CaldavAccount,
  type CaldavAccountOptions,
  collectionName,
  componentFilter,
} from './caldav-account.ts';
import type { EventCalendar, FoundEvent, RawObject, StoredObject } from './calendar-backend.ts';
import { byStart, type CalendarEvent } from './calendar-event.ts';
import { buildEvent, objectUid, parseEvents } from './ical.ts';
import { expandEvents } from './recurrence.ts';
import { isoUtc } from './zoned-time.ts';

/** Where and as whom to connect, and which calendar (display name, or a path containing `/`). */
export interface CaldavOptions extends CaldavAccountOptions {
  calendar: string;
  /** Share a login with other calendars and lists. */
  account?: CaldavAccount;
}

/** One calendar; safe to share, reconnects after a failed login. */
export class CaldavClient implements EventCalendar {
  readonly account: CaldavAccount;

  constructor(private readonly opts: CaldavOptions) {
    this.account = opts.account ?? new CaldavAccount(opts);
  }

  /** Logs in (once) and resolves the calendar, creating it when missing. */
  async connect(): Promise<{ calendar: DAVCalendar }> {
    return { calendar: await this.account.collection(this.opts.calendar, 'VEVENT') };
  }

  /** The calendar's display name (or its path when it has none). */
  async calendarName(): Promise<string> {
    return collectionName((await this.connect()).calendar);
  }

  /** One network round trip to the calendar; resolves with its name or throws a CalendarError. */
  async probe(): Promise<string> {
    const { calendar } = await this.connect();
    const [res] = await this.account.call((c) =>
      c.propfind({ url: calendar.url, props: { 'd:displayname': {} }, depth: '0' }),
    );
    if (!res?.ok)
      throw this.account.fail(
        new Error(`PROPFIND answered ${res?.status ?? 'nothing'} ${res?.statusText ?? ''}`),
      );
    return (typeof res.props?.displayname === 'string' && res.props.displayname) || collectionName(calendar);
  }

  /** Event instances overlapping [from, to) (UTC ms), repeating ones expanded, sorted by start; floating times in `timeZone`. */
  async query(from: number, to: number, timeZone = 'UTC'): Promise<CalendarEvent[]> {
    const { calendar } = await this.connect();
    const objects = await this.account.call((c) =>
      c.fetchCalendarObjects({ calendar, timeRange: { start: isoUtc(from), end: isoUtc(to) } }),
    );
    return objects
      .flatMap((o) => (typeof o.data === 'string' ? expandEvents(o.data, timeZone, from, to) : []))
      .sort(byStart);
  }

  /** Stores a new event under a fresh UID and returns it. */
  async add(event: Omit<CalendarEvent, 'uid'>): Promise<CalendarEvent> {
    const { calendar } = await this.connect();
    const stored: CalendarEvent = { ...event, uid: `${randomUUID()}@quorra` };
    await this.put(calendar, stored.uid, buildEvent(stored));
    return stored;
  }

  /** Replaces a stored event (found by uid) with new fields; keeps its object URL. */
  async update(found: { object: StoredObject }, event: CalendarEvent): Promise<CalendarEvent> {
    const res = await this.account.call((c) =>
      c.updateCalendarObject({ calendarObject: { ...found.object, data: buildEvent(event) } }),
    );
    if (!res.ok) throw this.account.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
    return event;
  }

  /** The event with this UID and the object that holds it, or null. */
  async find(uid: string, timeZone = 'UTC'): Promise<FoundEvent | null> {
    const { calendar } = await this.connect();
    const objects = await this.account.call((c) =>
      c.fetchCalendarObjects({ calendar, filters: componentFilter('VEVENT', uid) }),
    );
    for (const object of objects) {
      const event = parseEvents(String(object.data ?? ''), timeZone).find((e) => e.uid === uid);
      if (event) return { event, object };
    }
    return null;
  }

  /** Deletes the event with this UID; returns what was deleted, or null when there was none. */
  async remove(uid: string, timeZone = 'UTC'): Promise<CalendarEvent | null> {
    const found = await this.find(uid, timeZone);
    if (!found) return null;
    const res = await this.account.call((c) => c.deleteCalendarObject({ calendarObject: found.object }));
    if (!res.ok && res.status !== 404)
      throw this.account.fail(new Error(`DELETE answered ${res.status} ${res.statusText}`));
    return found.event;
  }

  /** Every VEVENT object as stored on the server. */
  async objects(): Promise<RawObject[]> {
    const { calendar } = await this.connect();
    const objects = await this.account.call((c) =>
      c.fetchCalendarObjects({ calendar, filters: componentFilter('VEVENT') }),
    );
    return rawObjects(objects);
  }

  /** Stores a whole object under its UID (a move or an import: the text as it came). */
  async putObject(object: RawObject): Promise<void> {
    const { calendar } = await this.connect();
    await this.put(calendar, object.uid, object.ics);
  }

  private async put(calendar: DAVCalendar, uid: string, ics: string): Promise<void> {
    const res = await this.account.call((c) =>
      c.createCalendarObject({ calendar, iCalString: ics, filename: objectFilename(uid) }),
    );
    if (!res.ok) throw this.account.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
  }
}

/** A resource name for a UID: safe characters only, so any UID a calendar program wrote makes a valid path. */
export function objectFilename(uid: string): string {
  const base = uid
    .replace(/@quorra$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 200);
  return `${base || 'event'}.ics`;
}

/** The UID and text of fetched objects (ones without a UID are skipped). */
export function rawObjects(objects: DAVCalendarObject[]): RawObject[] {
  return objects.flatMap((o) => {
    const ics = String(o.data ?? '');
    const uid = objectUid(ics);
    return uid ? [{ uid, ics }] : [];
  });
}
