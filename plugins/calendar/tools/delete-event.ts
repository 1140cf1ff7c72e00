// calendar_delete_event (tier 2): removes one event by uid, only after the person confirms which event on which day.
import { z } from 'zod';
import { defineTool } from '../../../core/tools/define-tool.ts';
import { type CalendarToolDeps, calendarAvailable, clientFor, dayOf } from './calendar-tool-deps.ts';

/** Builds calendar_delete_event. */
export function deleteEvent(deps: CalendarToolDeps) {
  return defineTool({
    name: 'calendar_delete_event',
    description:
      'Delete one event from the household calendar by its uid (look it up with calendar_query_events first). The person is asked to confirm.',
    tier: 2,
    scopes: ['general', 'calendar'],
    input: z.object({ uid: z.string().trim().min(1).max(300) }).strict(),
    available: calendarAvailable(deps),
    describe: ({ uid }) => {
      const seen = deps.seen.get(uid);
      return seen
        ? `delete “${seen.title}” on ${seen.day} from the household calendar`
        : `delete the calendar event ${uid} (not looked up in this conversation)`;
    },
    async run({ uid }, ctx) {
      const client = clientFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const deleted = await client.remove(uid, timeZone);
      if (!deleted) throw new Error(`there is no event with uid ${uid} in the household calendar`);
      deps.seen.forget(uid);
      return { deleted: true, uid, title: deleted.title, day: dayOf(deleted, timeZone) };
    },
  });
}
