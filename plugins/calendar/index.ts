// Calendar: the household's time — events in Quorra's database or over CalDAV (also repeating), per-person calendars, tasks, lists, reminders,
// the planning modes and the daily briefing.
import { definePlugin } from 'quorra/plugin';
import type { CalendarApi } from './activate-calendar.ts';
import { Briefing } from './briefing/briefing.entity.ts';
import { calendarSettings } from './calendar-settings.ts';
import { CalendarObject } from './embedded/calendar-object.entity.ts';
import { CreateReminders1764600000000 } from './migrations/1764600000000-create-reminders.ts';
import { CreateCalendarStore1766000000000 } from './migrations/1766000000000-create-calendar-store.ts';
import { AddReminderDelivery1766000100000 } from './migrations/1766000100000-add-reminder-delivery.ts';
import { CreateSubscriptions1766000200000 } from './migrations/1766000200000-create-subscriptions.ts';
import { Reminder } from './reminders/reminder.entity.ts';
import { Subscription } from './subscriptions/subscription.entity.ts';

export type { CalendarApi } from './activate-calendar.ts';
export type { CalendarEvent } from './calendar-event.ts';

export default definePlugin({
  id: 'calendar',
  description:
    'The household’s time: events (built in, or over CalDAV), tasks, shared lists, reminders and the daily briefing.',
  settings: calendarSettings,
  entities: [Reminder, Briefing, CalendarObject, Subscription],
  migrations: [
    CreateReminders1764600000000,
    CreateCalendarStore1766000000000,
    AddReminderDelivery1766000100000,
    CreateSubscriptions1766000200000,
  ],
  cli: [
    {
      name: 'calendar',
      usage: 'calendar move --to caldav',
      description:
        'copy every event, to-do and list item from Quorra’s own database to the CalDAV server in the settings',
      // loaded only when the command runs: `quorra help` reads this list
      run: async (args, config, out) =>
        (await import('./move/move-command.ts')).calendarCommand(args, config, out),
    },
  ],
  async testConnection(settings) {
    const { testCaldav } = await import('./connection-test.ts');
    return testCaldav(settings);
  },
  async activate(ctx): Promise<CalendarApi> {
    const { activateCalendar } = await import('./activate-calendar.ts');
    return activateCalendar(ctx);
  },
});
