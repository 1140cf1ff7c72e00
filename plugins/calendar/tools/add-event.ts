// calendar_add_event (tier 1, audited): adds one event to the household calendar and returns its uid.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { CalendarEvent } from '../calendar-event.ts';
import { addDays, isoUtc, localDate, parseMoment } from '../zoned-time.ts';
import {
  bookFor,
  type CalendarToolDeps,
  calendarAvailable,
  calendarLabel,
  eventView,
  noteSeen,
  personField,
} from './calendar-tool-deps.ts';

/** What the model sends. */
export const addEventInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    start: z.string().trim().min(10).max(40),
    end: z.string().trim().min(10).max(40).optional(),
    all_day: z.boolean().optional(),
    location: z.string().trim().max(200).optional(),
    description: z.string().trim().max(2000).optional(),
    person: z.string().trim().min(1).max(200).optional().describe(personField),
  })
  .strict();

/** Turns the input into an event (without uid); all-day `end` is the last day, included. Throws on end ≤ start. */
export function eventFromInput(
  input: z.infer<typeof addEventInput>,
  timeZone: string,
): Omit<CalendarEvent, 'uid'> {
  const start = parseMoment(input.start, timeZone);
  const end = input.end ? parseMoment(input.end, timeZone) : null;
  const allDay = input.all_day ?? start.kind === 'date';
  const extras = {
    ...(input.location ? { location: input.location } : {}),
    ...(input.description ? { description: input.description } : {}),
  };
  if (allDay) {
    const first = start.kind === 'date' ? start.date : localDate(start.at, timeZone);
    const last = !end ? first : end.kind === 'date' ? end.date : localDate(end.at, timeZone);
    if (last < first) throw new Error('the end must not be before the start');
    return { title: input.title, start: first, end: addDays(last, 1), allDay: true, ...extras };
  }
  if (start.kind === 'date') throw new Error('give a start time (YYYY-MM-DDTHH:MM), or set all_day');
  if (end?.kind === 'date') throw new Error('give an end time (YYYY-MM-DDTHH:MM), or set all_day');
  const endAt = end ? end.at : start.at + 3_600_000;
  if (endAt <= start.at) throw new Error('the end must be after the start');
  return { title: input.title, start: isoUtc(start.at), end: isoUtc(endAt), allDay: false, ...extras };
}

/** Builds calendar_add_event. */
export function addEvent(deps: CalendarToolDeps) {
  return defineTool({
    name: 'calendar_add_event',
    description: 'Add an event (end: an hour later; all_day: dates, end day included).',
    examples: [
      'put dentist appointment on friday at 3 in the calendar',
      'book a meeting with the plumber',
      'trag den Termin Elternabend am Montag ein',
      'ajoute un rendez-vous chez le médecin',
    ],
    tier: 1,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: addEventInput,
    available: calendarAvailable(deps),
    async run(input, ctx) {
      const { book } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const { client, whose } = await book.calendarFor(input.person);
      const stored = await client.add(eventFromInput(input, timeZone));
      noteSeen(deps, stored, timeZone, whose);
      return { added: true, calendar: calendarLabel(whose), ...eventView(stored, timeZone) };
    },
  });
}
