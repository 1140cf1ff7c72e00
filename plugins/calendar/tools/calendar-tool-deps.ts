// What the calendar tools share: the client (null when not configured), the time zone, recently seen events, the gate.
import { isUser, type Principal } from '../../../core/auth/principal.ts';
import type { CaldavClient } from '../caldav-client.ts';
import { type CalendarEvent, startInstant } from '../calendar-event.ts';
import type { SeenEvents } from '../seen-events.ts';
import { formatDay, formatTime } from '../zoned-time.ts';

/** Dependencies of every calendar tool. */
export interface CalendarToolDeps {
  client: CaldavClient | null;
  timeZone: () => Promise<string>;
  seen: SeenEvents;
}

/** The tool gate: household users only, and only when a CalDAV server is configured. */
export function calendarAvailable(deps: CalendarToolDeps) {
  return (turn: { principal?: Principal }) => isUser(turn.principal) && deps.client !== null;
}

/** The client, or a plain error when the turn may not use it. */
export function clientFor(deps: CalendarToolDeps, principal: Principal | undefined): CaldavClient {
  if (!isUser(principal)) throw new Error('the household calendar is for household members only');
  if (!deps.client) throw new Error('the household calendar is not configured');
  return deps.client;
}

/** The day an event falls on, in words (e.g. "Tuesday 6 January 2026"). */
export function dayOf(event: CalendarEvent, timeZone: string): string {
  return event.allDay ? formatDay(event.start, timeZone) : formatDay(startInstant(event), timeZone);
}

/** An event as the model sees it: the stored fields plus a local `when`. */
export function eventView(event: CalendarEvent, timeZone: string) {
  const when = event.allDay
    ? `${dayOf(event, timeZone)}, all day`
    : `${dayOf(event, timeZone)}, ${formatTime(startInstant(event), timeZone)}–${formatTime(Date.parse(event.end), timeZone)} (${timeZone})`;
  return {
    uid: event.uid,
    title: event.title,
    when,
    start: event.start,
    end: event.end,
    all_day: event.allDay,
    ...(event.location ? { location: event.location } : {}),
    ...(event.description ? { description: event.description } : {}),
    ...(event.recurring ? { recurring: true } : {}),
  };
}
