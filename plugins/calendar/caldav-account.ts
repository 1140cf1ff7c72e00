// One CalDAV login over tsdav shared by every calendar and task list: finds collections by name, creating them when missing.

import { slugify } from 'quorra/plugin';
import type { DAVCalendar, DAVClient } from 'tsdav';
import { CalendarError, toCalendarError } from './caldav-error.ts';

/** Where and as whom to connect. */
export interface CaldavAccountOptions {
  url: string;
  username: string;
  password: string;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
}

/** What a collection holds: events (a calendar) or tasks (a task list). */
export type CollectionKind = 'VEVENT' | 'VTODO';

const displayNameOf = (c: DAVCalendar) => (typeof c.displayName === 'string' ? c.displayName : '');
const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

/** The account; safe to share, logs in again after a failed login. */
export class CaldavAccount {
  private client: Promise<DAVClient> | null = null;
  private readonly collections = new Map<string, Promise<DAVCalendar>>();

  constructor(readonly opts: CaldavAccountOptions) {}

  /** The logged-in tsdav client. */
  connect(): Promise<DAVClient> {
    if (!this.client) {
      this.client = this.open().catch((err) => {
        this.client = null;
        throw this.fail(err);
      });
    }
    return this.client;
  }

  /**
   * The collection with this display name (or path containing `/`, then matched by path only), created for `kind`
   * when missing, named `displayName` when given.
   */
  collection(name: string, kind: CollectionKind = 'VEVENT', displayName?: string): Promise<DAVCalendar> {
    const key = `${kind}:${name.trim().toLowerCase()}`;
    let found = this.collections.get(key);
    if (!found) {
      found = this.resolve(name.trim(), kind, displayName).catch((err) => {
        this.collections.delete(key);
        throw this.fail(err);
      });
      this.collections.set(key, found);
    }
    return found;
  }

  /** Runs a tsdav call, mapping whatever it throws to a CalendarError. */
  async call<T>(fn: (client: DAVClient) => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await fn(client);
    } catch (err) {
      throw this.fail(err);
    }
  }

  /** A CalendarError for a failure (never carrying the password). */
  fail(err: unknown): CalendarError {
    return toCalendarError(err, this.opts.url, this.opts.username, this.opts.password);
  }

  private async open(): Promise<DAVClient> {
    const { url, username, password } = this.opts;
    const timeoutMs = this.opts.timeoutMs ?? 10_000;
    // tsdav (and its XML parser) load with the first CalDAV call: a household without an account never needs them
    const { DAVClient } = await import('tsdav');
    const client = new DAVClient({
      serverUrl: url,
      credentials: { username, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    await client.login();
    return client;
  }

  private async resolve(wanted: string, kind: CollectionKind, displayName?: string): Promise<DAVCalendar> {
    const client = await this.connect();
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
    const name = displayName ?? (isPath ? (wanted.split('/').filter(Boolean).at(-1) ?? 'household') : wanted);
    const [made] = await client.makeCalendar({
      url: target,
      props: {
        'd:displayname': name,
        'c:supported-calendar-component-set': { 'c:comp': { _attributes: { name: kind } } },
      },
    });
    if (made && !made.ok)
      throw new CalendarError(
        'server',
        `could not create the ${kind === 'VTODO' ? 'list' : 'calendar'} "${name}" (${made.status} ${made.statusText})`,
      );
    const created = (await client.fetchCalendars()).find(matches);
    if (!created) throw new CalendarError('server', `"${name}" was created but cannot be found`);
    return created;
  }
}

/** A collection's display name (or its path when it has none). */
export function collectionName(c: DAVCalendar): string {
  return displayNameOf(c) || new URL(c.url).pathname;
}

/** A report filter for the objects of one component kind, optionally one UID. */
export function componentFilter(kind: CollectionKind, uid?: string) {
  return {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': {
        _attributes: { name: kind },
        ...(uid
          ? {
              'prop-filter': {
                _attributes: { name: 'UID' },
                'text-match': { _attributes: { collation: 'i;octet' }, _text: uid },
              },
            }
          : {}),
      },
    },
  };
}
