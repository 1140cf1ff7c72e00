// Calendar: the household's time — events over CalDAV (also repeating), per-person calendars, tasks, lists, reminders,
// the planning modes and the daily briefing.
import { definePlugin } from 'quorra/plugin';
import type { CalendarApi } from './activate-calendar.ts';
import { Briefing } from './briefing/briefing.entity.ts';
import { calendarSettings } from './calendar-settings.ts';
import { CreateReminders1764600000000 } from './migrations/1764600000000-create-reminders.ts';
import { Reminder } from './reminders/reminder.entity.ts';

export type { CalendarApi } from './activate-calendar.ts';
export type { CalendarEvent } from './calendar-event.ts';

export default definePlugin({
  id: 'calendar',
  description:
    'The household’s time: events over CalDAV, tasks, shared lists, reminders and the daily briefing.',
  settings: calendarSettings,
  entities: [Reminder, Briefing],
  migrations: [CreateReminders1764600000000],
  async activate(ctx): Promise<CalendarApi> {
    const { activateCalendar } = await import('./activate-calendar.ts');
    return activateCalendar(ctx);
  },
});
