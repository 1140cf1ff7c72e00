// One CalDAV task list (a VTODO collection) over the shared account: read, add, change; phones see the same items.
import { randomUUID } from 'node:crypto';
import type { DAVCalendar } from 'tsdav';
import { type CaldavAccount, collectionName, componentFilter } from './caldav-account.ts';
import { objectFilename, rawObjects } from './caldav-client.ts';
import type { RawObject, StoredTask, TaskList } from './calendar-backend.ts';
import { byDue, type CalendarTask } from './calendar-task.ts';
import { buildTodo, parseTodos, readCalendar, writeTodo } from './ical.ts';

export type { StoredTask } from './calendar-backend.ts';

/** A VTODO collection by display name, created when missing. */
export class CaldavTasks implements TaskList {
  /** `name`: a display name, or a path containing `/` (matched by path only); `displayName` names a new one. */
  constructor(
    private readonly account: CaldavAccount,
    readonly name: string,
    private readonly displayName_?: string,
  ) {}

  /** The collection (resolved once). */
  collection(): Promise<DAVCalendar> {
    return this.account.collection(this.name, 'VTODO', this.displayName_);
  }

  /** The collection's display name. */
  async displayName(): Promise<string> {
    return collectionName(await this.collection());
  }

  /** Every task with its object, open ones first (then by due date, priority, title). */
  async stored(timeZone = 'UTC'): Promise<StoredTask[]> {
    const calendar = await this.collection();
    const objects = await this.account.call((c) =>
      c.fetchCalendarObjects({ calendar, filters: componentFilter('VTODO') }),
    );
    return objects
      .flatMap((object) => parseTodos(String(object.data ?? ''), timeZone).map((task) => ({ task, object })))
      .sort((a, b) => byDue(a.task, b.task));
  }

  /** Every task, open ones first. */
  async list(timeZone = 'UTC'): Promise<CalendarTask[]> {
    return (await this.stored(timeZone)).map((s) => s.task);
  }

  /** Stores a new task under a fresh UID and returns it. */
  async add(task: Omit<CalendarTask, 'uid'>): Promise<CalendarTask> {
    const calendar = await this.collection();
    const stored: CalendarTask = { ...task, uid: `${randomUUID()}@quorra` };
    const res = await this.account.call((c) =>
      c.createCalendarObject({
        calendar,
        iCalString: buildTodo(stored),
        filename: objectFilename(stored.uid),
      }),
    );
    if (!res.ok) throw this.account.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
    return stored;
  }

  /** Writes changed fields of a stored task back, keeping what other clients put in the object. */
  async save(stored: StoredTask, changed: CalendarTask): Promise<CalendarTask> {
    const cal = readCalendar(String(stored.object.data ?? ''));
    const todo = cal
      ?.getAllSubcomponents('vtodo')
      .find((t) => t.getFirstPropertyValue('uid') === changed.uid);
    if (!cal || !todo) throw this.account.fail(new Error(`the task ${changed.uid} could not be read back`));
    writeTodo(todo, changed);
    const res = await this.account.call((c) =>
      c.updateCalendarObject({ calendarObject: { ...stored.object, data: cal.toString() } }),
    );
    if (!res.ok) throw this.account.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
    return changed;
  }

  /** Every VTODO object as stored on the server. */
  async objects(): Promise<RawObject[]> {
    const calendar = await this.collection();
    const objects = await this.account.call((c) =>
      c.fetchCalendarObjects({ calendar, filters: componentFilter('VTODO') }),
    );
    return rawObjects(objects);
  }

  /** Stores a whole object under its UID. */
  async putObject(object: RawObject): Promise<void> {
    const calendar = await this.collection();
    const res = await this.account.call((c) =>
      c.createCalendarObject({ calendar, iCalString: object.ics, filename: objectFilename(object.uid) }),
    );
    if (!res.ok) throw this.account.fail(new Error(`PUT answered ${res.status} ${res.statusText}`));
  }
}
