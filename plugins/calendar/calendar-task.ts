// A task (VTODO) as plain data: a title, an optional due date or instant, a priority, done or not.

/** One task or list item; `due` is `YYYY-MM-DD` or a UTC instant (`…Z`). */
export interface CalendarTask {
  uid: string;
  title: string;
  due?: string;
  /** RFC 5545 priority: 1 (highest) … 9 (lowest); absent = undefined. */
  priority?: number;
  completed: boolean;
  /** When it was completed (UTC instant), if it was. */
  completedAt?: string;
  description?: string;
}

/** The instant a task is due (a due date at 00:00 UTC), or +Infinity without one. */
export function dueInstant(task: Pick<CalendarTask, 'due'>): number {
  if (!task.due) return Number.POSITIVE_INFINITY;
  return Date.parse(task.due.length === 10 ? `${task.due}T00:00:00Z` : task.due);
}

/** Open tasks first, then by due, priority (1 first, none last) and title. */
export function byDue(a: CalendarTask, b: CalendarTask): number {
  return (
    Number(a.completed) - Number(b.completed) ||
    dueInstant(a) - dueInstant(b) ||
    (a.priority || 10) - (b.priority || 10) ||
    a.title.localeCompare(b.title)
  );
}
