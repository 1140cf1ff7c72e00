// calendar_delete_event (tier 2): removes one event by uid, only after the person confirms which event on which day.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import {
  bookFor,
  type CalendarToolDeps,
  calendarAvailable,
  calendarLabel,
  dayOf,
  personField,
  previewEvent,
} from './calendar-tool-deps.ts';

/** Builds calendar_delete_event. */
export function deleteEvent(deps: CalendarToolDeps) {
  return defineTool({
    name: 'calendar_delete_event',
    description: 'Delete an event by uid; the person confirms.',
    examples: [
      'cancel the dentist appointment',
      'delete the party event from the calendar',
      'lösch den Termin am Freitag',
      'annule le rendez-vous',
    ],
    tier: 2,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z
      .object({
        uid: z.string().trim().min(1).max(300),
        person: z.string().trim().min(1).max(200).optional().describe(personField),
      })
      .strict(),
    available: calendarAvailable(deps),
    describe: async ({ uid, person }, ctx) => {
      const seen = await previewEvent(deps, ctx.principal, uid, person);
      return `delete “${seen.title}” on ${seen.day} from ${calendarLabel(seen.whose)}`;
    },
    async run({ uid, person }, ctx) {
      const { book } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const { client, whose } = await book.calendarFor(person);
      const deleted = await client.remove(uid, timeZone);
      if (!deleted) throw new Error(`there is no event with uid ${uid} in ${calendarLabel(whose)}`);
      deps.seen.forget(uid);
      return {
        deleted: true,
        uid,
        calendar: calendarLabel(whose),
        title: deleted.title,
        day: dayOf(deleted, timeZone),
      };
    },
  });
}
