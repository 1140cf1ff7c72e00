// What the calendar tools share: the book (null when not configured), the time zone, recently seen events, the gate.
import { isUser, type Principal, type UserPrincipal } from 'quorra/plugin';
import type { CalendarBook } from '../calendar-book.ts';
import { type CalendarEvent, startInstant } from '../calendar-event.ts';
import type { SeenEvents } from '../seen-events.ts';
import { formatDay, formatTime } from '../zoned-time.ts';

/** Dependencies of every calendar tool. */
export interface CalendarToolDeps {
  book: CalendarBook | null;
  timeZone: () => Promise<string>;
  seen: SeenEvents;
  /** The subscribed calendars, answered beside the household's own. */
  subscriptions?: { query(from: number, to: number, timeZone: string): Promise<CalendarEvent[]> };
}

/** The tool gate: household users only, and only when a CalDAV server is configured. */
export function calendarAvailable(deps: CalendarToolDeps) {
  return (turn: { principal?: Principal }) => isUser(turn.principal) && deps.book !== null;
}

/** The book and the user, or a plain error when the turn may not use them. */
export function bookFor(
  deps: CalendarToolDeps,
  principal: Principal | undefined,
): { book: CalendarBook; user: UserPrincipal } {
  if (!isUser(principal)) throw new Error('the household calendar is for household members only');
  if (!deps.book) throw new Error('the household calendar is not configured');
  return { book: deps.book, user: principal };
}

/** The `person` input of the event tools: whose own calendar (omit for the household one). */
export const personField = "a member's calendar; omit for the household's";

/** The calendar's name in words ("the household calendar", "Max’s calendar"). */
export function calendarLabel(whose: string): string {
  return whose === 'household' ? 'the household calendar' : `${whose}’s calendar`;
}

/** The day an event falls on, in words (e.g. "Tuesday 6 January 2026"). */
export function dayOf(event: CalendarEvent, timeZone: string): string {
  return event.allDay ? formatDay(event.start, timeZone) : formatDay(startInstant(event), timeZone);
}

/** When an event happens, in words, in `timeZone`. */
export function whenOf(event: CalendarEvent, timeZone: string): string {
  return event.allDay
    ? `${dayOf(event, timeZone)}, all day`
    : `${dayOf(event, timeZone)}, ${formatTime(startInstant(event), timeZone)}–${formatTime(Date.parse(event.end), timeZone)} (${timeZone})`;
}

/** An event as the model sees it: the stored fields plus a local `when`. */
export function eventView(event: CalendarEvent, timeZone: string) {
  return {
    uid: event.uid,
    title: event.title,
    when: whenOf(event, timeZone),
    start: event.start,
    end: event.end,
    all_day: event.allDay,
    ...(event.location ? { location: event.location } : {}),
    ...(event.description ? { description: event.description } : {}),
    ...(event.recurring ? { recurring: true } : {}),
    ...(event.source ? { calendar: event.source, read_only: true } : {}),
  };
}

/** Remembers an event for later confirmations. */
export function noteSeen(
  deps: CalendarToolDeps,
  event: CalendarEvent,
  timeZone: string,
  whose: string,
): void {
  deps.seen.note(event.uid, {
    title: event.title,
    day: dayOf(event, timeZone),
    when: whenOf(event, timeZone),
    whose,
  });
}

/**
 * The event a confirmation names, read from the calendar the caller's run would use (never from a cache another
 * turn filled): an event they cannot reach is "no event", the same words as one that does not exist.
 */
export async function previewEvent(
  deps: CalendarToolDeps,
  principal: Principal | undefined,
  uid: string,
  person: string | undefined,
): Promise<{ event: CalendarEvent; title: string; day: string; when: string; whose: string }> {
  const { book } = bookFor(deps, principal);
  const timeZone = await deps.timeZone();
  const { client, whose } = await book.calendarFor(person);
  const found = await client.find(uid, timeZone);
  if (!found) throw new Error(`there is no event with uid ${uid} in ${calendarLabel(whose)}`);
  const event = found.event;
  return { event, title: event.title, day: dayOf(event, timeZone), when: whenOf(event, timeZone), whose };
}
