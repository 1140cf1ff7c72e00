// Calendar: the household calendar over CalDAV (query, add, confirmed delete); idle and tool-less without a url.
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { CaldavClient } from './caldav-client.ts';
import { CalendarHealth } from './calendar-health.ts';
import { calendarScope } from './calendar-scope.ts';
import { calendarSettings } from './calendar-settings.ts';
import { SeenEvents } from './seen-events.ts';
import { addEvent } from './tools/add-event.ts';
import type { CalendarToolDeps } from './tools/calendar-tool-deps.ts';
import { deleteEvent } from './tools/delete-event.ts';
import { queryEvents } from './tools/query-events.ts';

export type { CalendarEvent } from './calendar-event.ts';

export default definePlugin({
  id: 'calendar',
  description: 'The household calendar over CalDAV: look up, add and (confirmed) delete events.',
  settings: calendarSettings,
  activate(ctx) {
    const { settings } = ctx;
    const client = settings.url
      ? new CaldavClient({
          url: settings.url,
          username: settings.username,
          password: settings.password,
          calendar: settings.calendar,
          timeoutMs: settings.timeoutMs,
        })
      : null;
    const timeZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
    const deps: CalendarToolDeps = { client, timeZone, seen: new SeenEvents() };

    ctx.prompts.add(calendarScope);
    ctx.tools.add(queryEvents(deps));
    ctx.tools.add(addEvent(deps));
    ctx.tools.add(deleteEvent(deps));
    const health = new CalendarHealth(client ? () => client.probe() : null);
    ctx.healthCheck(() => health.check());
    return { client };
  },
});
