// The calendar plugin's settings (config key `plugins.calendar.settings`); without `url` everything lives in Quorra's own database.
import { z } from 'zod';
import { isTimeZone } from './zoned-time.ts';

/** The settings schema: the CalDAV server, its account, the household calendar and the time zone. */
export const calendarSettings = z
  .object({
    /** CalDAV server URL (e.g. http://127.0.0.1:5232/); without it calendars and lists are kept in Quorra's database. */
    url: z.url().optional(),
    username: z.string().min(1).max(200).default('quorra'),
    password: z.string().max(1000).default(''),
    /** Display name, or a path containing `/`, of the household calendar; created when missing. */
    calendar: z.string().trim().min(1).max(200).default('Household'),
    /** IANA zone for dates without an offset; defaults to the owner's time zone, else UTC. */
    timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin').optional(),
    /** A member's own calendar besides the household one: member name or id → calendar display name (or path). */
    people: z.record(z.string().trim().min(1).max(200), z.string().trim().min(1).max(200)).default({}),
    /** The task list for to-dos with due dates (a VTODO collection; personal ones get " (Name)"). */
    tasks: z.string().trim().min(1).max(100).default('Tasks'),
    /** The list "add milk" goes to when no list is named. */
    defaultList: z.string().trim().min(1).max(100).default('Shopping'),
    /** When the scheduling mode looks for free time: local hours and weekdays (0 = Sunday … 6 = Saturday). */
    workingHours: z
      .object({
        start: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
          .default('09:00'),
        end: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
          .default('18:00'),
        days: z.array(z.number().int().min(0).max(6)).min(1).max(7).default([1, 2, 3, 4, 5]),
      })
      .strict()
      .refine((h) => h.start < h.end, 'the working day must end after it starts')
      .default({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] }),
    /** Per-request timeout for the CalDAV server. */
    timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  })
  .strict();

export type CalendarSettings = z.infer<typeof calendarSettings>;
