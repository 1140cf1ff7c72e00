// The week ahead for the weekly review: every visible calendar's events day by day, and the conflicts flagged.
import type { CalendarBook } from '../calendar-book.ts';
import { type CalendarEvent, startInstant } from '../calendar-event.ts';
import { queryTasks } from '../tasks/task-query.ts';
import { calendarLabel, whenOf } from '../tools/calendar-tool-deps.ts';
import { addDays, formatDay, localDate, startOfDate } from '../zoned-time.ts';
import { type CalendarEvents, findConflicts } from './conflicts.ts';

/** Loads the next `days` days (from today, local) of every calendar Quorra can see. */
export async function loadWeek(
  book: CalendarBook,
  now: number,
  timeZone: string,
  days = 7,
): Promise<CalendarEvents[]> {
  const today = localDate(now, timeZone);
  const from = startOfDate(today, timeZone);
  const to = startOfDate(addDays(today, days), timeZone);
  return Promise.all(
    (await book.allCalendars()).map(async (c) => ({
      whose: c.whose,
      events: await c.client.query(from, to, timeZone),
    })),
  );
}

const line = (e: CalendarEvent, timeZone: string) =>
  `- ${e.title}: ${whenOf(e, timeZone).replace(/^[^,]+, /, '')}${e.location ? ` at ${e.location}` : ''}`;

/** The week as text for the model: per calendar and day, then the conflicts (or "none"). */
export function weekText(calendars: CalendarEvents[], timeZone: string): string {
  const parts: string[] = [];
  for (const c of calendars) {
    parts.push(`### ${calendarLabel(c.whose).replace(/^the /, '')}`);
    if (!c.events.length) parts.push('(nothing planned)');
    const byDay = new Map<string, CalendarEvent[]>();
    for (const e of c.events) {
      const day = e.allDay ? formatDay(e.start, timeZone) : formatDay(startInstant(e), timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), e]);
    }
    for (const [day, events] of byDay) parts.push(`${day}:`, ...events.map((e) => line(e, timeZone)));
  }
  const conflicts = findConflicts(calendars);
  parts.push('### Conflicts');
  if (!conflicts.length) parts.push('none');
  for (const k of conflicts)
    parts.push(
      `- ${k.who === 'household' ? 'household' : k.who}: “${k.a.title}” (${whenOf(k.a, timeZone)}) overlaps “${k.b.title}” (${whenOf(k.b, timeZone)})`,
    );
  return parts.join('\n');
}

/** The open tasks due within the week (and overdue ones), by the same query as calendar_list_tasks. */
export async function tasksDueText(
  book: CalendarBook,
  turn: { userId?: string; workspace?: string | null },
  now: number,
  timeZone: string,
): Promise<string> {
  const today = localDate(now, timeZone);
  const { rows, unreadable } = await queryTasks(
    book,
    { userId: turn.userId ?? '', workspace: turn.workspace ?? null },
    // without a person (a system turn) only the household's tasks are read
    { dueBefore: addDays(today, 7), ...(turn.userId ? {} : { whose: 'household' as const }) },
    now,
    timeZone,
  );
  const lines = rows.map(
    (r) =>
      `- ${r.task.title}: due ${formatDay(r.dueDay as string, timeZone)}${r.overdue ? ' (overdue)' : ''}${r.whose === 'household' ? '' : ` (${r.whose}’s)`}`,
  );
  return [
    '### Tasks due this week',
    ...(lines.length ? lines : ['none']),
    ...unreadable.map((u) => `(${u} could not be read)`),
  ].join('\n');
}
