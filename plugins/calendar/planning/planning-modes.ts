// The planning modes with their entry contexts: the week ahead with conflicts, and who can be scheduled when.
import type { ModeDefinition } from 'quorra/plugin';
import type { CalendarBook } from '../calendar-book.ts';
import type { WorkingHours } from './free-slots.ts';
import { loadWeek, tasksDueText, weekText } from './week-ahead.ts';

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The two modes of scope `planning`. */
export function planningModes(deps: {
  book: CalendarBook | null;
  timeZone: () => Promise<string>;
  now: () => number;
  hours: WorkingHours;
}): ModeDefinition[] {
  const noCalendar = 'No calendar server is configured, so there are no calendars to look at.';
  return [
    {
      scope: 'planning',
      name: 'weekly-review',
      description: 'the week ahead for everyone whose calendar Quorra can see, conflicts flagged',
      async entryContext(ctx) {
        if (!deps.book) return noCalendar;
        const timeZone = await deps.timeZone();
        try {
          const week = weekText(await loadWeek(deps.book, deps.now(), timeZone), timeZone);
          const tasks = await tasksDueText(deps.book, ctx, deps.now(), timeZone);
          return `## The week ahead (${timeZone})\n${week}\n${tasks}`;
        } catch (err) {
          return `The calendars could not be read: ${(err as Error).message}`;
        }
      },
    },
    {
      scope: 'planning',
      name: 'scheduling',
      description: 'find free slots of a given length across named members’ calendars within working hours',
      async entryContext() {
        if (!deps.book) return noCalendar;
        const own = (await deps.book.allCalendars())
          .filter((c) => c.whose !== 'household')
          .map((c) => c.whose);
        const { start, end, days } = deps.hours;
        return [
          '## Scheduling',
          `Working hours: ${start}–${end} on ${days.map((d) => dayNames[d]).join(', ')} (${await deps.timeZone()}).`,
          `Members with their own calendar: ${own.length ? own.join(', ') : 'none (only the household calendar)'}.`,
        ].join('\n');
      },
    },
  ];
}
