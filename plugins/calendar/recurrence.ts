// Repeating events expanded inside a range: RRULE and RDATE, minus EXDATE, with RECURRENCE-ID overrides, DST-correct.
import ICAL from 'ical.js';
import { type CalendarEvent, startInstant } from './calendar-event.ts';
import { eventAt, readCalendar, toEvent } from './ical.ts';
import { type IcalWhen, tzidOf, whenKey, ZoneResolver } from './ical-time.ts';
import { localDate } from './zoned-time.ts';

// a daily event started decades ago still expands; a runaway rule stops here
const MAX_OCCURRENCES = 50_000;

/** True when an event overlaps [from, to); all-day events by their local dates in `timeZone`. */
export function overlaps(e: CalendarEvent, from: number, to: number, timeZone: string): boolean {
  if (e.allDay) return e.start <= localDate(to - 1, timeZone) && e.end > localDate(from, timeZone);
  const s = Date.parse(e.start);
  const en = Date.parse(e.end);
  return s < to && (en > from || (en === s && s >= from));
}

/** Every event instance of an iCalendar text overlapping [from, to), repeating ones expanded, sorted by start. */
export function expandEvents(ics: string, timeZone: string, from: number, to: number): CalendarEvent[] {
  const cal = readCalendar(ics);
  if (!cal) return [];
  const zones = new ZoneResolver(cal, timeZone);
  const vevents = cal.getAllSubcomponents('vevent');
  const out: CalendarEvent[] = [];
  for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
    const event = toEvent(master, zones);
    if (!event) continue;
    if (!event.recurring) {
      if (overlaps(event, from, to, timeZone)) out.push(event);
      continue;
    }
    const overrides = vevents.filter(
      (v) =>
        v.hasProperty('recurrence-id') &&
        v.getFirstPropertyValue('uid') === master.getFirstPropertyValue('uid'),
    );
    for (const e of instances(master, event, overrides, zones, to))
      if (overlaps(e, from, to, timeZone)) out.push(e);
  }
  return out.sort((a, b) => startInstant(a) - startInstant(b) || a.title.localeCompare(b.title));
}

function instances(
  master: ICAL.Component,
  event: CalendarEvent,
  overrides: ICAL.Component[],
  zones: ZoneResolver,
  to: number,
): CalendarEvent[] {
  const byId = new Map<string, ICAL.Component>();
  let limit = to;
  for (const ov of overrides) {
    const id = zones.readProperty(ov, 'recurrence-id');
    if (!id) continue;
    byId.set(whenKey(id), ov);
    // an instance moved into the range from after it must still be generated
    limit = Math.max(limit, instantOf(id) + 1);
  }
  const excluded = new Set(timesOf(master, 'exdate', zones).map(whenKey));
  const length = event.allDay
    ? Date.parse(`${event.end}T00:00:00Z`) - Date.parse(`${event.start}T00:00:00Z`)
    : Date.parse(event.end) - Date.parse(event.start);
  const { uid, title, location, description } = event;
  const base = {
    uid,
    title,
    recurring: true,
    ...(location ? { location } : {}),
    ...(description ? { description } : {}),
  };
  const seen = new Set<string>();
  const out: CalendarEvent[] = [];
  for (const when of [...ruleTimes(master, zones, limit), ...timesOf(master, 'rdate', zones)]) {
    const key = whenKey(when);
    if (seen.has(key) || excluded.has(key)) continue;
    seen.add(key);
    const recurrenceId = 'date' in when ? when.date : new Date(when.at).toISOString().replace('.000', '');
    const ov = byId.get(key);
    if (ov) {
      if (String(ov.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
      const moved = toEvent(ov, zones);
      if (moved) out.push({ ...moved, recurring: true, recurrenceId });
      continue;
    }
    out.push({ ...eventAt(base, when, length), recurrenceId });
  }
  return out;
}

/** The occurrences the RRULEs generate from DTSTART until `limit` (UTC ms). */
function ruleTimes(master: ICAL.Component, zones: ZoneResolver, limit: number): IcalWhen[] {
  const startProp = master.getFirstProperty('dtstart');
  const start = startProp?.getFirstValue();
  if (!startProp || !(start instanceof ICAL.Time)) return [];
  const tzid = tzidOf(startProp);
  const out: IcalWhen[] = [zones.read(start, tzid)];
  for (const prop of master.getAllProperties('rrule')) {
    const rule = prop.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) continue;
    const it = rule.iterator(start);
    for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
      const when = zones.read(next, tzid);
      if (instantOf(when) >= limit) break;
      out.push(when);
    }
  }
  return out;
}

/** Every value of the EXDATE or RDATE properties (a PERIOD counts by its start). */
function timesOf(master: ICAL.Component, name: string, zones: ZoneResolver): IcalWhen[] {
  return master.getAllProperties(name).flatMap((prop) =>
    prop.getValues().flatMap((v: unknown) => {
      const t = v instanceof ICAL.Period ? v.start : v;
      return t instanceof ICAL.Time ? [zones.read(t, tzidOf(prop))] : [];
    }),
  );
}

function instantOf(when: IcalWhen): number {
  return 'date' in when ? Date.parse(`${when.date}T00:00:00Z`) : when.at;
}
