// Calendar: the household's time — events over CalDAV (also repeating), per-person calendars, tasks, lists, reminders.
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { CalendarBook } from './calendar-book.ts';
import { CalendarHealth } from './calendar-health.ts';
import { calendarScope } from './calendar-scope.ts';
import { calendarSettings } from './calendar-settings.ts';
import { listTools } from './lists/list-tools.ts';
import { CreateReminders1764600000000 } from './migrations/1764600000000-create-reminders.ts';
import { Reminder } from './reminders/reminder.entity.ts';
import { ReminderService } from './reminders/reminder-service.ts';
import { reminderTools } from './reminders/reminder-tools.ts';
import { reviewReminderClaim } from './reminders/reply-guard.ts';
import { SeenEvents } from './seen-events.ts';
import { addEvent } from './tools/add-event.ts';
import type { CalendarToolDeps } from './tools/calendar-tool-deps.ts';
import { deleteEvent } from './tools/delete-event.ts';
import { queryEvents } from './tools/query-events.ts';
import { taskTools } from './tools/task-tools.ts';
import { updateEvent } from './tools/update-event.ts';

export type { CalendarEvent } from './calendar-event.ts';

/** What the plugin exposes (to dependents and tests). */
export interface CalendarApi {
  book: CalendarBook | null;
  reminders: ReminderService;
}

export default definePlugin({
  id: 'calendar',
  description:
    'The household’s time: events over CalDAV, per-person calendars, tasks, shared lists and reminders.',
  settings: calendarSettings,
  entities: [Reminder],
  migrations: [CreateReminders1764600000000],
  async activate(ctx): Promise<CalendarApi> {
    const { settings } = ctx;
    const members = async () =>
      (await ctx.people.list()).map((u) => ({ id: u.id, name: u.displayName, timezone: u.timezone }));
    const isFamilyRoom = async (slug: string | null) =>
      !!slug && (await ctx.workspaces.get(slug))?.kind === 'household';
    const book = settings.url
      ? new CalendarBook({ ...settings, url: settings.url }, { members, isFamilyRoom })
      : null;
    const timeZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
    const deps: CalendarToolDeps = { book, timeZone, seen: new SeenEvents() };

    const reminders = new ReminderService(
      ctx.db,
      {
        notify: (userId, text) => ctx.notify(userId, text, { urgency: 'high' }),
        nameOf: async (id) => (await members()).find((m) => m.id === id)?.name ?? null,
      },
      ctx.logger,
    );
    ctx.onDispose(() => reminders.stop());
    await reminders.start();
    const falseClaims = ctx.metrics.counter(
      'quorra_calendar_reminder_claims_corrected_total',
      'Replies that claimed a reminder was set without a successful reminder_set',
    );
    ctx.hooks.add('reviewReply', ({ reply, calls, session }) => {
      const corrected = reviewReminderClaim(reply, calls);
      if (corrected) {
        falseClaims.inc();
        ctx.logger.warn({ session: session.id }, 'reply claimed a reminder that was not set; corrected');
      }
      return corrected;
    });

    ctx.prompts.add(calendarScope);
    for (const tool of [queryEvents(deps), addEvent(deps), updateEvent(deps), deleteEvent(deps)])
      ctx.tools.add(tool);
    for (const tool of [...taskTools(deps), ...listTools(deps)]) ctx.tools.add(tool);
    for (const tool of reminderTools({ reminders, members, timeZone })) ctx.tools.add(tool);
    const health = new CalendarHealth(book ? () => book.household.probe() : null);
    ctx.healthCheck(() => health.check());
    return { book, reminders };
  },
});
