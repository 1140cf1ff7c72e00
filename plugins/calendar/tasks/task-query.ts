// The one query behind "what are my tasks": the tool, `!quorra tasks`, the daily briefing and the weekly review.
import type { CalendarBook } from '../calendar-book.ts';
import type { CalendarTask } from '../calendar-task.ts';
import { localDate } from '../zoned-time.ts';

/** What to read. Dates are local `YYYY-MM-DD` in the query's zone. */
export interface TaskFilter {
  /** open (default), done, or all. */
  status?: 'open' | 'done' | 'all';
  /** Only tasks due before this day (not on it). */
  dueBefore?: string;
  /** Only open tasks whose due day has passed. */
  overdue?: boolean;
  /** The list's name (default: the to-do list). */
  list?: string;
  /** mine, household, or both (default). A family room reads the household's only. */
  whose?: 'mine' | 'household' | 'both';
}

/** A task as a query returns it: the list it is on and its local due day. */
export interface TaskRow {
  task: CalendarTask;
  /** "household" or the member's name. */
  whose: string;
  /** The list's name ("Tasks", "Chores"). */
  list: string;
  /** The local day it is due, or null. */
  dueDay: string | null;
  overdue: boolean;
}

/** The tasks a turn may read, filtered; lists that cannot be read are named in `unreadable`. */
export async function queryTasks(
  book: CalendarBook,
  turn: { userId: string; workspace: string | null },
  filter: TaskFilter,
  now: number,
  timeZone: string,
): Promise<{ rows: TaskRow[]; unreadable: string[] }> {
  const today = localDate(now, timeZone);
  // a personal task read out in a shared room would be told to everyone in it: there, the household's only
  const shared = await book.ports.isFamilyRoom(turn.workspace);
  const whose = shared ? 'household' : (filter.whose ?? 'both');
  const sides = whose === 'both' ? [true, false] : [whose === 'household'];
  const rows: TaskRow[] = [];
  const unreadable: string[] = [];
  for (const family of sides) {
    try {
      const owned = await book.tasksFor({ ...turn, family }, filter.list);
      for (const task of await owned.tasks.list(timeZone)) {
        const dueDay = !task.due
          ? null
          : task.due.length === 10
            ? task.due
            : localDate(Date.parse(task.due), timeZone);
        const overdue = !task.completed && dueDay !== null && dueDay < today;
        rows.push({ task, whose: owned.whose, list: owned.list, dueDay, overdue });
      }
    } catch (err) {
      unreadable.push(`${family ? 'the household’s' : 'your own'} tasks (${(err as Error).message})`);
    }
  }
  const status = filter.status ?? 'open';
  const kept = rows.filter(
    (r) =>
      (status === 'all' || (status === 'done') === r.task.completed) &&
      (!filter.dueBefore || (r.dueDay !== null && r.dueDay < filter.dueBefore)) &&
      (!filter.overdue || r.overdue),
  );
  kept.sort(
    (a, b) =>
      Number(a.task.completed) - Number(b.task.completed) ||
      (a.dueDay ?? '9999').localeCompare(b.dueDay ?? '9999') ||
      (a.task.priority || 10) - (b.task.priority || 10) ||
      a.task.title.localeCompare(b.task.title),
  );
  return { rows: kept, unreadable };
}
