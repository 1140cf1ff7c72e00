// Free time across calendars: the gaps of at least a given length inside working hours, day by day, in the household zone.
import type { CalendarEvent } from '../calendar-event.ts';
import { addDays, localDate, startOfDate, zonedToUtc } from '../zoned-time.ts';

/** Working hours: local `HH:MM` start and end, and the weekdays (0 = Sunday … 6 = Saturday). */
export interface WorkingHours {
  start: string;
  end: string;
  days: number[];
}

/** A free window [start, end) in UTC ms. */
export interface FreeSlot {
  start: number;
  end: number;
}

/** The busy intervals of events: timed ones as they are, all-day ones as whole local days. */
export function busyOf(events: CalendarEvent[], timeZone: string): [number, number][] {
  return events.map((e) =>
    e.allDay
      ? [startOfDate(e.start, timeZone), startOfDate(e.end, timeZone)]
      : [Date.parse(e.start), Date.parse(e.end)],
  );
}

/** Every gap of at least `minutes` in [from, to) inside working hours where nobody in `busy` is taken. */
export function freeSlots(
  busy: [number, number][],
  range: { from: number; to: number },
  minutes: number,
  hours: WorkingHours,
  timeZone: string,
): FreeSlot[] {
  const sorted = busy.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const need = minutes * 60_000;
  const out: FreeSlot[] = [];
  const [sh, sm] = hours.start.split(':').map(Number);
  const [eh, em] = hours.end.split(':').map(Number);
  for (
    let day = localDate(range.from, timeZone);
    startOfDate(day, timeZone) < range.to;
    day = addDays(day, 1)
  ) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (!hours.days.includes(weekday)) continue;
    const [y, m, d] = day.split('-').map(Number);
    let cursor = Math.max(zonedToUtc(timeZone, y, m, d, sh, sm), range.from);
    const close = Math.min(zonedToUtc(timeZone, y, m, d, eh, em), range.to);
    for (const [s, e] of sorted) {
      if (e <= cursor) continue;
      if (s >= close) break;
      if (s - cursor >= need) out.push({ start: cursor, end: s });
      cursor = Math.max(cursor, e);
    }
    if (close - cursor >= need) out.push({ start: cursor, end: close });
  }
  return out;
}
