// Calendar: the household's time over CalDAV — events (also repeating), per-person calendars, tasks and lists.
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { CalendarBook } from './calendar-book.ts';
import { CalendarHealth } from './calendar-health.ts';
import { calendarScope } from './calendar-scope.ts';
import { calendarSettings } from './calendar-settings.ts';
import { listTools } from './lists/list-tools.ts';
import { SeenEvents } from './seen-events.ts';
import { addEvent } from './tools/add-event.ts';
import type { CalendarToolDeps } from './tools/calendar-tool-deps.ts';
import { deleteEvent } from './tools/delete-event.ts';
import { queryEvents } from './tools/query-events.ts';
import { taskTools } from './tools/task-tools.ts';
import { updateEvent } from './tools/update-event.ts';

export type { CalendarEvent } from './calendar-event.ts';

export default definePlugin({
  id: 'calendar',
  description: 'The household’s time over CalDAV: events, per-person calendars, tasks and shared lists.',
  settings: calendarSettings,
  activate(ctx) {
    const { settings } = ctx;
    const members = async () =>
      (await ctx.people.list()).map((u) => ({ id: u.id, name: u.displayName, timezone: u.timezone }));
    const book = settings.url
      ? new CalendarBook(
          { ...settings, url: settings.url },
          {
            members,
            isFamilyRoom: async (slug) => !!slug && (await ctx.workspaces.get(slug))?.kind === 'household',
          },
        )
      : null;
    const timeZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
    const deps: CalendarToolDeps = { book, timeZone, seen: new SeenEvents() };

    ctx.prompts.add(calendarScope);
    for (const tool of [queryEvents(deps), addEvent(deps), updateEvent(deps), deleteEvent(deps)])
      ctx.tools.add(tool);
    for (const tool of [...taskTools(deps), ...listTools(deps)]) ctx.tools.add(tool);
    const health = new CalendarHealth(book ? () => book.household.probe() : null);
    ctx.healthCheck(() => health.check());
    return { book, client: book?.household ?? null };
  },
});
