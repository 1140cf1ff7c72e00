// calendar_query_events (tier 0): the household calendar's events between two dates, at most 31 days apart.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import { byStart, DAY_MS } from '../calendar-event.ts';
import { addDays, parseMoment, startOfDate } from '../zoned-time.ts';
import {
  bookFor,
  type CalendarToolDeps,
  calendarAvailable,
  calendarLabel,
  eventView,
  noteSeen,
  personField,
} from './calendar-tool-deps.ts';

const MAX_DAYS = 31;

/** Resolves `from`/`to` (a `to` date includes that whole day) to UTC instants in `timeZone`. */
export function queryRange(from: string, to: string, timeZone: string): { from: number; to: number } {
  const a = parseMoment(from, timeZone);
  const b = parseMoment(to, timeZone);
  const start = a.kind === 'date' ? startOfDate(a.date, timeZone) : a.at;
  const end = b.kind === 'date' ? startOfDate(addDays(b.date, 1), timeZone) : b.at;
  if (end <= start) throw new Error('"to" must be after "from"');
  // an hour of slack for a daylight-saving change inside the range
  if (end - start > MAX_DAYS * DAY_MS + 3_600_000)
    throw new Error(`ask for at most ${MAX_DAYS} days at a time`);
  return { from: start, to: end };
}

/** Builds calendar_query_events. */
export function queryEvents(deps: CalendarToolDeps) {
  return defineTool({
    name: 'calendar_query_events',
    description: 'List events with uids from one day to another, "to" included (at most 31 days).',
    examples: [
      "what's on tomorrow, any plans this weekend",
      'show me the calendar for next week',
      'when is the concert, are we busy saturday',
      'and on friday? what about monday',
      'welche Termine haben wir diese Woche',
      'on a quoi demain au calendrier',
    ],
    tier: 0,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z
      .object({
        from: z.string().trim().min(10).max(40),
        to: z.string().trim().min(10).max(40),
        person: z.string().trim().min(1).max(200).optional().describe(personField),
      })
      .strict(),
    available: calendarAvailable(deps),
    async run({ from, to, person }, ctx) {
      const { book } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const range = queryRange(from, to, timeZone);
      const { client, whose } = await book.calendarFor(person);
      const own = await client.query(range.from, range.to, timeZone);
      for (const e of own) noteSeen(deps, e, timeZone, whose);
      // the household's view includes what it follows (bins, school), each named by its source
      const followed =
        whose === 'household' && deps.subscriptions
          ? await deps.subscriptions.query(range.from, range.to, timeZone)
          : [];
      const events = [...own, ...followed].sort(byStart);
      return {
        calendar: calendarLabel(whose),
        time_zone: timeZone,
        count: events.length,
        events: events.map((e) => eventView(e, timeZone)),
      };
    },
  });
}
