// The calendar plugin's settings (config key `plugins.calendar.settings`); without `url` everything lives in Quorra's own database.
import { z } from 'zod';
import { isTimeZone } from './zoned-time.ts';

/** The settings schema: the CalDAV server, its account, the household calendar and the time zone. */
export const calendarSettings = z
  .object({
    /** CalDAV server URL (e.g. http://127.0.0.1:5232/); without it calendars and lists are kept in Quorra's database. */
    url: z.url().optional().meta({
      title: 'Calendar server address',
      description:
        'Optional. The CalDAV address of a calendar server you already run (Radicale, Nextcloud); leave it empty and Quorra keeps your calendars itself.',
      service: 'caldav',
    }),
    username: z
      .string()
      .min(1)
      .max(200)
      .default('quorra')
      .meta({ title: 'User name', description: 'The account Quorra signs in to the calendar server with.' }),
    password: z
      .string()
      .max(1000)
      .default('')
      .meta({ title: 'Password', description: 'The password of that account on the calendar server.' }),
    /** Display name, or a path containing `/`, of the household calendar; created when missing. */
    calendar: z.string().trim().min(1).max(200).default('Household').meta({
      title: 'Household calendar',
      description: 'The name of the shared family calendar; Quorra creates it if it is missing.',
    }),
    /** IANA zone for dates without an offset; defaults to the owner's time zone, else UTC. */
    timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin').optional().meta({
      title: 'Time zone',
      description: 'Where the household lives, e.g. Europe/Berlin; leave empty to use the owner’s.',
    }),
    /** A member's own calendar besides the household one: member name or id → calendar display name (or path). */
    people: z.record(z.string().trim().min(1).max(200), z.string().trim().min(1).max(200)).default({}).meta({
      title: 'Personal calendars',
      description:
        'Each person’s own calendar besides the household one: their name and the calendar’s name.',
    }),
    /** The task list for to-dos with due dates (a VTODO collection; personal ones get " (Name)"). */
    tasks: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default('Tasks')
      .meta({ title: 'To-do list', description: 'The list that holds to-dos with due dates.' }),
    /** The list "add milk" goes to when no list is named. */
    defaultList: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default('Shopping')
      .meta({ title: 'Default list', description: 'Where "add milk" goes when no list is named.' }),
    /** When the scheduling mode looks for free time: local hours and weekdays (0 = Sunday … 6 = Saturday). */
    workingHours: z
      .object({
        start: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
          .default('09:00')
          .meta({ title: 'Starts at', description: 'When the working day begins (HH:MM).' }),
        end: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
          .default('18:00')
          .meta({ title: 'Ends at', description: 'When the working day ends (HH:MM).' }),
        days: z.array(z.number().int().min(0).max(6)).min(1).max(7).default([1, 2, 3, 4, 5]).meta({
          title: 'Working days',
          description: 'The days of the week that count as working days.',
          display: 'weekdays',
        }),
      })
      .strict()
      .refine((h) => h.start < h.end, 'the working day must end after it starts')
      .default({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] })
      .meta({
        title: 'Working hours',
        description: 'When planning looks for free time: the hours and days of a working week.',
      }),
    /** Per-request timeout for the CalDAV server. */
    timeoutMs: z.number().int().min(100).max(120_000).default(10_000).meta({
      title: 'Wait for the server (ms)',
      description: 'How long to wait for the calendar server before giving up on one request.',
    }),
  })
  .strict();

export type CalendarSettings = z.infer<typeof calendarSettings>;
