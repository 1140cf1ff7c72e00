// calendar_find_free_time (tier 0): free slots of a given length across named members' calendars, within working hours.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import {
  bookFor,
  type CalendarToolDeps,
  calendarAvailable,
  calendarLabel,
} from '../tools/calendar-tool-deps.ts';
import { queryRange } from '../tools/query-events.ts';
import { formatDay, formatTime } from '../zoned-time.ts';
import type { WorkingHours } from './free-slots.ts';
import { busyOf, freeSlots } from './free-slots.ts';

/** Builds calendar_find_free_time. */
export function findFreeTime(deps: CalendarToolDeps, hours: WorkingHours) {
  return defineTool({
    name: 'calendar_find_free_time',
    description:
      'Find free windows of at least minutes between two days (YYYY-MM-DD, at most 31 days, working hours) when the household and the named members are free.',
    examples: [
      'when are we all free next week',
      'find a free hour, a gap for a family meeting',
      'wann haben wir Zeit',
      'free slot on thursday',
    ],
    tier: 0,
    scopes: ['calendar', 'planning'],
    audience: 'household',
    input: z
      .object({
        minutes: z
          .number()
          .int()
          .min(5)
          .max(24 * 60),
        from: z.string().trim().min(10).max(40),
        to: z.string().trim().min(10).max(40),
        people: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
      })
      .strict(),
    available: calendarAvailable(deps),
    async run({ minutes, from, to, people }, ctx) {
      const { book } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const range = queryRange(from, to, timeZone);
      const calendars = [book.household];
      const checked = ['household'];
      const without: string[] = [];
      for (const name of people) {
        const member = await book.member(name);
        if (!member) throw new Error(`there is no household member called "${name}"`);
        const own = await book.personalCalendar(member);
        if (own) {
          calendars.push(own.client);
          checked.push(own.whose);
        } else without.push(member.name);
      }
      const events = (
        await Promise.all(calendars.map((c) => c.query(range.from, range.to, timeZone)))
      ).flat();
      const slots = freeSlots(busyOf(events, timeZone), range, minutes, hours, timeZone);
      return {
        time_zone: timeZone,
        checked: checked.map(calendarLabel),
        ...(without.length ? { no_own_calendar: without } : {}),
        working_hours: `${hours.start}–${hours.end}`,
        free: slots.map(
          (s) =>
            `${formatDay(s.start, timeZone)}, ${formatTime(s.start, timeZone)}–${formatTime(s.end, timeZone)}`,
        ),
      };
    },
  });
}
