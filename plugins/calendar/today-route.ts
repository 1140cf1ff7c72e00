// GET /plugins/calendar/today: the caller's own day for the admin UI's home page — today's reminders and events, and their lists.

import type { HttpCapability } from 'quorra/plugin';
import { z } from 'zod';
import type { CalendarBook, Member } from './calendar-book.ts';
import type { ReminderService } from './reminders/reminder-service.ts';
import { addDays, localDate, startOfDate } from './zoned-time.ts';

/** The answer, declared so /openapi.json and the admin UI share one shape. */
export const todayReply = z.object({
  /** false when no calendar server is set up: events and lists are then empty, reminders still work. */
  calendar: z.boolean(),
  reminders: z.array(z.object({ id: z.string(), text: z.string(), due_at: z.string() })),
  events: z.array(
    z.object({
      title: z.string(),
      start: z.string(),
      end: z.string(),
      all_day: z.boolean(),
      whose: z.string(),
    }),
  ),
  lists: z.array(z.object({ name: z.string(), whose: z.string(), open_items: z.array(z.string()) })),
  /** Parts that could not be read, in words (the calendar server was down, …). */
  problems: z.array(z.string()),
});

interface TodayDeps {
  book: CalendarBook | null;
  reminders: ReminderService;
  member(userId: string): Promise<Member | null>;
}

/** Registers the route; every part is read for the caller alone (their reminders, their calendar, their lists). */
export function addTodayRoute(http: HttpCapability, deps: TodayDeps): void {
  http.route({
    method: 'GET',
    path: '/today',
    auth: 'member',
    summary: "The caller's day: today's reminders and events, and the open items of their lists",
    response: todayReply,
    async handler({ principal }) {
      const member = (await deps.member(principal.userId)) ?? {
        id: principal.userId,
        name: principal.userId,
        timezone: 'UTC',
      };
      const now = deps.reminders.now();
      const today = localDate(now, member.timezone);
      const to = startOfDate(addDays(today, 1), member.timezone);
      const from = startOfDate(today, member.timezone);
      const out: z.infer<typeof todayReply> = {
        calendar: !!deps.book,
        reminders: (await deps.reminders.list(member.id))
          .filter((r) => r.userId === member.id && r.state === 'scheduled' && r.dueAt.getTime() < to)
          .map((r) => ({ id: r.id, text: r.text, due_at: r.dueAt.toISOString() })),
        events: [],
        lists: [],
        problems: [],
      };
      const book = deps.book;
      if (!book) return out;
      const calendars = [{ client: book.household, whose: 'household' }];
      const own = await book.personalCalendar(member).catch(() => null);
      if (own) calendars.push(own);
      for (const c of calendars) {
        try {
          for (const e of await c.client.query(from, to, member.timezone))
            out.events.push({
              title: e.title,
              start: e.start,
              end: e.end,
              all_day: e.allDay,
              whose: c.whose,
            });
        } catch {
          out.problems.push('The calendar server could not be read just now.');
        }
      }
      for (const family of [true, false]) {
        try {
          const owned = await book.listFor(undefined, { userId: member.id, workspace: null, family });
          const items = (await owned.tasks.list(member.timezone))
            .filter((t) => !t.completed)
            .map((t) => t.title);
          out.lists.push({ name: owned.list, whose: owned.whose, open_items: items });
        } catch {
          out.problems.push('A list could not be read just now.');
        }
      }
      return out;
    },
  });
}
