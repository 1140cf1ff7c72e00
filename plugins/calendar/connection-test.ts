// Test connection for the calendar settings: one sign-in and read of the household calendar, answered in our words.
import { CaldavClient } from './caldav-client.ts';
import { toCalendarError } from './caldav-error.ts';
import type { CalendarSettings } from './calendar-settings.ts';

/** Tries the CalDAV server the settings name (creating the household calendar if it is missing, as starting would). */
export async function testCaldav(settings: CalendarSettings): Promise<{ ok: boolean; message: string }> {
  if (!settings.url) return { ok: false, message: 'there is no calendar server address to try yet.' };
  try {
    await new CaldavClient({ ...settings, url: settings.url }).probe();
    return {
      ok: true,
      message: 'the calendar server accepted the sign-in and the household calendar is there.',
    };
  } catch (err) {
    const e = toCalendarError(err, settings.url, settings.username, settings.password);
    const words = {
      unauthorized: `the calendar server refused the user name "${settings.username}" or its password.`,
      unreachable: 'nothing answered at that address (check it, and that the server is running).',
      server: 'the calendar server answered with an error; check the address points at a CalDAV server.',
    };
    return { ok: false, message: words[e.kind] };
  }
}
