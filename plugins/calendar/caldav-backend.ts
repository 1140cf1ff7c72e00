// The CalDAV backend: every calendar and list a collection on one CalDAV account (phones sync the same items).
import { CaldavAccount } from './caldav-account.ts';
import { CaldavClient } from './caldav-client.ts';
import { CaldavTasks } from './caldav-tasks.ts';
import type { CalendarBackend } from './calendar-backend.ts';

/** Where and as whom to connect. */
export interface CaldavBackendOptions {
  url: string;
  username: string;
  password: string;
  timeoutMs?: number;
}

/** One CalDAV login shared by every calendar and list. */
export class CaldavBackend implements CalendarBackend {
  readonly kind = 'caldav' as const;
  readonly account: CaldavAccount;
  private readonly calendars = new Map<string, CaldavClient>();

  constructor(private readonly opts: CaldavBackendOptions) {
    this.account = new CaldavAccount(opts);
  }

  calendar(name: string): CaldavClient {
    const key = name.trim().toLowerCase();
    let client = this.calendars.get(key);
    if (!client) {
      client = new CaldavClient({ ...this.opts, calendar: name, account: this.account });
      this.calendars.set(key, client);
    }
    return client;
  }

  taskList(name: string, displayName?: string): CaldavTasks {
    return new CaldavTasks(this.account, name, displayName);
  }
}
