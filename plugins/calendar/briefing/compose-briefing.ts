// The daily briefing as one message: today's events, due tasks, today's reminders and surface-once memories.
import type { CalendarBook, Member } from '../calendar-book.ts';
import type { ReminderService } from '../reminders/reminder-service.ts';
import { queryTasks } from '../tasks/task-query.ts';
import { calendarLabel } from '../tools/calendar-tool-deps.ts';
import { addDays, formatDay, formatTime, localDate, startOfDate } from '../zoned-time.ts';

/** What a briefing reads from. */
export interface BriefingSources {
  book: CalendarBook | null;
  reminders: ReminderService;
  takeSurfaceOnce: (userId: string) => Promise<{ content: string }[]>;
}

/** Composes the member's briefing for the local day of `now`; a section that cannot be read says so. */
export async function composeBriefing(src: BriefingSources, member: Member, now: number): Promise<string> {
  const tz = member.timezone;
  const today = localDate(now, tz);
  const from = startOfDate(today, tz);
  const to = startOfDate(addDays(today, 1), tz);
  const out = [`☀️ Good morning, ${member.name} — ${formatDay(now, tz)}`];

  if (src.book) {
    const book = src.book;
    const calendars = [{ client: book.household, whose: 'household' }];
    const own = await book.personalCalendar(member).catch(() => null);
    if (own) calendars.push(own);
    const events: string[] = [];
    for (const c of calendars) {
      try {
        for (const e of await c.client.query(from, to, tz))
          events.push(
            `- ${e.allDay ? 'all day' : `${formatTime(Date.parse(e.start), tz)}–${formatTime(Date.parse(e.end), tz)}`} ${e.title}${c.whose === 'household' ? '' : ` (${calendarLabel(c.whose)})`}`,
          );
      } catch (err) {
        events.push(`- (${calendarLabel(c.whose)} could not be read: ${(err as Error).message})`);
      }
    }
    out.push('', '📅 Today', ...(events.length ? events : ['- nothing in the calendar']));

    // the same query as calendar_list_tasks: open, due today or before, the household's and the member's own
    const due = await queryTasks(
      book,
      { userId: member.id, workspace: null },
      { dueBefore: addDays(today, 1) },
      now,
      tz,
    );
    const tasks = due.rows.map(
      (r) =>
        `- ${r.task.title}${r.overdue && r.dueDay ? ` (overdue since ${formatDay(r.dueDay, tz)})` : ''}${r.whose === 'household' ? ' (household)' : ''}`,
    );
    for (const u of due.unreadable) tasks.push(`- (${u} could not be read)`);
    if (tasks.length) out.push('', '✅ Due', ...tasks);
  }

  const reminders = (await src.reminders.list(member.id)).filter(
    (r) => r.userId === member.id && r.dueAt.getTime() >= now && r.dueAt.getTime() < to,
  );
  if (reminders.length)
    out.push(
      '',
      '⏰ Reminders today',
      ...reminders.map((r) => `- ${formatTime(r.dueAt.getTime(), tz)} ${r.text}`),
    );

  const memories = await src.takeSurfaceOnce(member.id);
  if (memories.length) out.push('', '💡 Don’t forget', ...memories.map((m) => `- ${m.content}`));
  return out.join('\n');
}
