// The calendar plugin's settings (config key `plugins.calendar.settings`); without `url` the plugin stays idle.
import { z } from 'zod';
import { isTimeZone } from './zoned-time.ts';

/** The settings schema: the CalDAV server, its account, the household calendar and the time zone. */
export const calendarSettings = z
  .object({
    /** CalDAV server URL (e.g. http://127.0.0.1:5232/); without it the tools are not offered. */
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
    /** Per-request timeout for the CalDAV server. */
    timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  })
  .strict();

export type CalendarSettings = z.infer<typeof calendarSettings>;
