// One CalDAV connection over tsdav: logs in once, finds (or creates) the household calendar, reads and writes events.
import { randomUUID } from 'node:crypto';
import { type DAVCalendar, type DAVCalendarObject, DAVClient } from 'tsdav';
import { slugify } from '../../core/text/slugify.ts';
import { CalendarError, toCalendarError } from './caldav-error.ts';
import { byStart, type CalendarEvent } from './calendar-event.ts';
import { buildEvent, parseEvents } from './ical.ts';
import { isoUtc } from './zoned-time.ts';

/** Where and as whom to connect, and which calendar (display name, or a path containing `/`). */
export interface CaldavOptions {
  url: string;
  username: string;
  password: string;
  calendar: string;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
}

interface Session {
  client: DAVClient;
  calendar: DAVCalendar;
}

const displayNameOf = (c: DAVCalendar) => (typeof c.displayName === 'string' ? c.displayName : '');
const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

/** The household calendar over CalDAV; safe to share, reconnects after a failed login. */
export class CaldavClient {
  private session: Promise<Session> | null = null;

  constructor(private readonly opts: CaldavOptions) {}

  /** Logs in (once) and resolves the calendar, creating it when missing. */
  connect(): Promise<Session> {
    if (!this.session) {
      this.session = this.open().catch((err) => {
        this.session = null;
        throw this.fail(err);
      });
    }
    return this.session;
  }

  /** The calendar's display name (or its path when it has none). */
  async calendarName(): Promise<string> {
    const { calendar } = await this.connect();
    return displayNameOf(calendar) || new URL(calendar.url).pathname;
  }

  /** One network round trip to the calendar; resolves with its name or throws a CalendarError. */
  async probe(): Promise<string> {
    const { client, calendar } = await this.connect();
    const [res] = await this.call(() =>
      client.propfind({ url: calendar.url, props: { 'd:displayname': {} }, depth: '0' }),
    );
    if (!res?.ok)
      throw this.fail(new Error(`PROPFIND answered ${res?.status ?? 'nothing'} ${res?.statusText ?? ''}`));
    return (
      (typeof res.props?.displayname === 'string' && res.props.displayname) || (await this.calendarName())
    );
  }

  /** Events overlapping [from, to) (UTC ms), sorted by start; floating times are read in `timeZone`. */
  async query(from: number, to: number, timeZone = 'UTC'): Promise<CalendarEvent[]> {
    const { client, calendar } = await this.connect();
    const objects = await this.call(() =>
      client.fetchCalendarObjects({ calendar, timeRange: { start: isoUtc(from), end: isoUtc(to) } }),
    );
    return objects
      .flatMap((o) => (typeof o.data === 'string' ? parseEvents(o.data, timeZone) : []))
      .sort(byStart);
  }

  /** Stores a new event under a fresh UID and returns it. */
  async add(event: Omit<CalendarEvent, 'uid'>): Promise<CalendarEvent> {
    const { client, calendar } = await this.connect();
    const stored: CalendarEvent = { ...event, uid: `${randomUUID()}@quorra` };
    const res = await this.call(() =>
      client.createCalendarObject({
        calendar,
        iCalString: buildEvent(stored),
        filename: `${stored.uid.replace(/@.*$/, '')}.ics`,
      }),
    );
    if (!res.ok) throw this.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
    return stored;
  }

  /** The event with this UID and the object that holds it, or null. */
  async find(
    uid: string,
    timeZone = 'UTC',
  ): Promise<{ event: CalendarEvent; object: DAVCalendarObject } | null> {
    const { client, calendar } = await this.connect();
    const filters = {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': {
          _attributes: { name: 'VEVENT' },
          'prop-filter': {
            _attributes: { name: 'UID' },
            'text-match': { _attributes: { collation: 'i;octet' }, _text: uid },
          },
        },
      },
    };
    const objects = await this.call(() => client.fetchCalendarObjects({ calendar, filters }));
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
    const { client } = await this.connect();
    const res = await this.call(() => client.deleteCalendarObject({ calendarObject: found.object }));
    if (!res.ok && res.status !== 404)
      throw this.fail(new Error(`DELETE answered ${res.status} ${res.statusText}`));
    return found.event;
  }

  private async open(): Promise<Session> {
    const { url, username, password } = this.opts;
    const timeoutMs = this.opts.timeoutMs ?? 10_000;
    const client = new DAVClient({
      serverUrl: url,
      credentials: { username, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    await client.login();
    return { client, calendar: await this.resolveCalendar(client) };
  }

  private async resolveCalendar(client: DAVClient): Promise<DAVCalendar> {
    const wanted = this.opts.calendar.trim();
    const home = client.account?.homeUrl;
    if (!home) throw new CalendarError('server', 'the CalDAV server did not name a calendar home');
    const isPath = wanted.includes('/');
    const target = isPath
      ? withSlash(new URL(wanted, withSlash(home)).href)
      : `${withSlash(home)}${slugify(wanted)}/`;
    const matches = (c: DAVCalendar) =>
      isPath
        ? withSlash(new URL(c.url, home).pathname) === new URL(target).pathname
        : displayNameOf(c).toLowerCase() === wanted.toLowerCase() || withSlash(c.url) === target;
    const existing = (await client.fetchCalendars()).find(matches);
    if (existing) return existing;
    const name = isPath ? (wanted.split('/').filter(Boolean).at(-1) ?? 'household') : wanted;
    const [made] = await client.makeCalendar({ url: target, props: { 'd:displayname': name } });
    if (made && !made.ok)
      throw new CalendarError(
        'server',
        `could not create the calendar "${name}" (${made.status} ${made.statusText})`,
      );
    const created = (await client.fetchCalendars()).find(matches);
    if (!created) throw new CalendarError('server', `the calendar "${name}" was created but cannot be found`);
    return created;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.fail(err);
    }
  }

  private fail(err: unknown): CalendarError {
    return toCalendarError(err, this.opts.url, this.opts.username, this.opts.password);
  }
}
