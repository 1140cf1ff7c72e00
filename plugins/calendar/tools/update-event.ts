// calendar_update_event (tier 2): changes one event's title, time, place or notes after the person confirms before → after.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { CalendarEvent } from '../calendar-event.ts';
import { addDays, localDate } from '../zoned-time.ts';
import { eventFromInput } from './add-event.ts';
import {
  bookFor,
  type CalendarToolDeps,
  calendarAvailable,
  calendarLabel,
  eventView,
  noteSeen,
  personField,
  previewEvent,
} from './calendar-tool-deps.ts';

const moment = z.string().trim().min(10).max(40);

/** What the model sends: the uid and only the fields that change. */
export const updateEventInput = z
  .object({
    uid: z.string().trim().min(1).max(300),
    person: z.string().trim().min(1).max(200).optional().describe(personField),
    title: z.string().trim().min(1).max(200).optional(),
    start: moment.optional(),
    end: moment.optional(),
    all_day: z.boolean().optional(),
    location: z.string().trim().max(200).optional(),
    description: z.string().trim().max(2000).optional(),
  })
  .strict()
  .refine(
    (i) => Object.keys(i).some((k) => !['uid', 'person'].includes(k)),
    'name at least one field to change',
  );

type UpdateInput = z.infer<typeof updateEventInput>;

/** The changed event: unnamed fields kept; a new start without an end keeps the length. */
export function applyUpdate(old: CalendarEvent, input: UpdateInput, timeZone: string): CalendarEvent {
  const timed = input.start !== undefined || input.end !== undefined || input.all_day !== undefined;
  const text = {
    title: input.title ?? old.title,
    ...((input.location ?? old.location) ? { location: input.location ?? old.location } : {}),
    ...((input.description ?? old.description) ? { description: input.description ?? old.description } : {}),
  };
  if (!timed) return { ...old, ...text };
  const allDay = input.all_day ?? old.allDay;
  const oldStart = old.allDay ? old.start : localDateTime(Date.parse(old.start), timeZone);
  const start = input.start ?? (allDay ? oldStart.slice(0, 10) : oldStart);
  let end = input.end;
  if (!end && !input.start)
    end = old.allDay ? addDays(old.end, -1) : localDateTime(Date.parse(old.end), timeZone);
  if (!end && !allDay && !old.allDay) {
    const length = Date.parse(old.end) - Date.parse(old.start);
    const made = eventFromInput({ title: text.title, start }, timeZone);
    end = localDateTime(Date.parse(made.start) + length, timeZone);
  }
  const made = eventFromInput(
    { title: text.title, start, ...(end ? { end } : {}), all_day: allDay },
    timeZone,
  );
  return { ...made, ...text, uid: old.uid };
}

function localDateTime(at: number, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${localDate(at, timeZone)}T${time}`;
}

/** "field before → after" for what the input changes. */
function changes(input: UpdateInput, seen: { title: string; when?: string } | undefined): string {
  const parts: string[] = [];
  if (input.title) parts.push(`title “${seen?.title ?? '?'}” → “${input.title}”`);
  if (input.start || input.end || input.all_day !== undefined) {
    const after = [
      input.start ? `from ${input.start.replace('T', ' ')}` : '',
      input.end ? `until ${input.end.replace('T', ' ')}` : '',
      input.all_day === true ? 'all day' : input.all_day === false ? 'not all day' : '',
    ]
      .filter(Boolean)
      .join(' ');
    parts.push(`time ${seen?.when ?? '(not looked up)'} → ${after}`);
  }
  if (input.location !== undefined) parts.push(`place → “${input.location}”`);
  if (input.description !== undefined) parts.push('notes replaced');
  return parts.join('; ');
}

/** Builds calendar_update_event. */
export function updateEvent(deps: CalendarToolDeps) {
  return defineTool({
    name: 'calendar_update_event',
    description:
      'Change an event by uid, sending only what changes; the person confirms. Not repeating events.',
    examples: [
      'move the dentist appointment to 4pm',
      'reschedule swimming, change the party to sunday',
      'verschieb den Termin auf Dienstag',
      'push the meeting back an hour',
    ],
    tier: 2,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: updateEventInput,
    available: calendarAvailable(deps),
    describe: async (input, ctx) => {
      const seen = await previewEvent(deps, ctx.principal, input.uid, input.person);
      return `change “${seen.title}” on ${seen.day} in ${calendarLabel(seen.whose)}: ${changes(input, seen)}`;
    },
    async run(input, ctx) {
      const { book } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const { client, whose } = await book.calendarFor(input.person);
      const found = await client.find(input.uid, timeZone);
      if (!found) throw new Error(`there is no event with uid ${input.uid} in ${calendarLabel(whose)}`);
      if (found.event.recurring)
        throw new Error(
          'this event repeats; change the series in a calendar app (only single events can be changed here)',
        );
      const changed = await client.update(found, applyUpdate(found.event, input, timeZone));
      noteSeen(deps, changed, timeZone, whose);
      return {
        updated: true,
        calendar: calendarLabel(whose),
        before: eventView(found.event, timeZone),
        after: eventView(changed, timeZone),
      };
    },
  });
}
