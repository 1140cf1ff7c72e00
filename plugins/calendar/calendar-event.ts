// A calendar event as plain data: UTC instants for timed events, dates (end exclusive) for all-day ones.

/** One event; timed `start`/`end` are ISO instants in UTC (`…Z`), all-day ones `YYYY-MM-DD` with `end` exclusive. */
export interface CalendarEvent {
  uid: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  description?: string;
  /** True when the event repeats (RRULE/RDATE); `start` is the first occurrence, or this instance's start. */
  recurring?: boolean;
  /** For one instance of a repeating event: the start it was generated for (RECURRENCE-ID). */
  recurrenceId?: string;
  /** The subscribed calendar it comes from ("Bins", "School"); absent for the household's own. */
  source?: string;
}

/** Milliseconds of a day. */
export const DAY_MS = 86_400_000;

/** The UTC instant an event starts (all-day events at 00:00 UTC of their date). */
export function startInstant(e: Pick<CalendarEvent, 'start'>): number {
  return Date.parse(e.start.length === 10 ? `${e.start}T00:00:00Z` : e.start);
}

/** Orders events by start, then title. */
export function byStart(a: CalendarEvent, b: CalendarEvent): number {
  return startInstant(a) - startInstant(b) || a.title.localeCompare(b.title);
}
