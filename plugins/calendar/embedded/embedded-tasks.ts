// A task list of the embedded backend: VTODOs as iCalendar text in Quorra's database.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { RawObject, StoredTask, TaskList } from '../calendar-backend.ts';
import { byDue, type CalendarTask } from '../calendar-task.ts';
import { buildTodo, parseTodos, readCalendar, writeTodo } from '../ical.ts';
import { EmbeddedCollection, toStored } from './embedded-collection.ts';

/** One list. */
export class EmbeddedTasks implements TaskList {
  readonly rows: EmbeddedCollection;

  constructor(db: DataSource, name: string, displayName?: string) {
    this.rows = new EmbeddedCollection(db, 'VTODO', name, displayName ?? name);
  }

  async displayName(): Promise<string> {
    return this.rows.displayName;
  }

  async stored(timeZone = 'UTC'): Promise<StoredTask[]> {
    return (await this.rows.all())
      .flatMap((row) => parseTodos(row.ics, timeZone).map((task) => ({ task, object: toStored(row) })))
      .sort((a, b) => byDue(a.task, b.task));
  }

  async list(timeZone = 'UTC'): Promise<CalendarTask[]> {
    return (await this.stored(timeZone)).map((s) => s.task);
  }

  async add(task: Omit<CalendarTask, 'uid'>): Promise<CalendarTask> {
    const stored: CalendarTask = { ...task, uid: `${randomUUID()}@quorra` };
    await this.rows.put({ uid: stored.uid, ics: buildTodo(stored) });
    return stored;
  }

  async save(stored: StoredTask, changed: CalendarTask): Promise<CalendarTask> {
    const cal = readCalendar(String(stored.object.data ?? ''));
    const todo = cal
      ?.getAllSubcomponents('vtodo')
      .find((t) => t.getFirstPropertyValue('uid') === changed.uid);
    if (!cal || !todo) throw new Error(`the task ${changed.uid} could not be read back`);
    writeTodo(todo, changed);
    await this.rows.replace(stored.object, cal.toString());
    return changed;
  }

  async objects(): Promise<RawObject[]> {
    return (await this.rows.all()).map((r) => ({ uid: r.uid, ics: r.ics }));
  }

  async putObject(object: RawObject): Promise<void> {
    await this.rows.put(object);
  }
}
