// Repeating events expanded inside a range: RRULE and RDATE, minus EXDATE, with RECURRENCE-ID overrides (also
// THISANDFUTURE), UNTIL as programs write it, DST-correct.
import ICAL from 'ical.js';
import { type CalendarEvent, DAY_MS, startInstant } from './calendar-event.ts';
import { eventAt, readCalendar, toEvent } from './ical.ts';
import { type IcalWhen, tzidOf, ZoneResolver } from './ical-time.ts';
import {
  idKey,
  instanceDay,
  instanceKey,
  type Override,
  readOverrides,
  type Series,
  wallIn,
} from './recurrence-overrides.ts';
import { untilTest } from './recurrence-until.ts';
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
    for (const e of instances(master, event, overrides, zones, from, to))
      if (overlaps(e, from, to, timeZone)) out.push(e);
  }
  return out.sort((a, b) => startInstant(a) - startInstant(b) || a.title.localeCompare(b.title));
}

function instances(
  master: ICAL.Component,
  event: CalendarEvent,
  components: ICAL.Component[],
  zones: ZoneResolver,
  from: number,
  to: number,
): CalendarEvent[] {
  const startProp = master.getFirstProperty('dtstart');
  const series: Series = { isDate: event.allDay, tzid: startProp ? tzidOf(startProp) : undefined, zones };
  const overrides = readOverrides(series, components);
  const single = new Map(overrides.filter((o) => !o.range).map((o) => [o.key, o]));
  const ranges = overrides.filter((o) => o.range).sort((a, b) => a.wall - b.wall);
  const length = event.allDay
    ? Date.parse(`${event.end}T00:00:00Z`) - Date.parse(`${event.start}T00:00:00Z`)
    : Date.parse(event.end) - Date.parse(event.start);
  // a THISANDFUTURE override moves every later instance: ones from outside the range may be moved into it
  const shifts = ranges.map((r) => shiftOf(r, series));
  const earlier = Math.max(0, ...shifts.map((d) => -d));
  const later = Math.max(0, ...shifts);
  let limit = to + earlier;
  for (const ov of single.values()) {
    const id = zones.readProperty(ov.component, 'recurrence-id');
    if (id) limit = Math.max(limit, instantOf(id) + 1);
  }
  const excluded = new Set(
    master
      .getAllProperties('exdate')
      .flatMap((prop) =>
        prop
          .getValues()
          .flatMap((v: unknown) => (v instanceof ICAL.Time ? [idKey(series, v, tzidOf(prop))] : [])),
      ),
  );
  const { uid, title, location, description } = event;
  const base = {
    uid,
    title,
    recurring: true,
    ...(location ? { location } : {}),
    ...(description ? { description } : {}),
  };
  // occurrences ending before this cannot reach the range (a day of slack covers any zone offset)
  const floor = from - length - 2 * DAY_MS - later;
  const seen = new Set<string>();
  const out: CalendarEvent[] = [];
  const until = (prop: ICAL.Property) => {
    const rule = prop.getFirstValue();
    return rule instanceof ICAL.Recur && rule.until
      ? untilTest(rule.until, series.isDate, series.tzid, zones)
      : () => true;
  };
  for (const when of [...ruleTimes(master, zones, floor, limit, until), ...timesOf(master, 'rdate', zones)]) {
    const key = instanceKey(series, when);
    if (seen.has(key) || excluded.has(key) || (!series.isDate && excluded.has(instanceDay(series, when))))
      continue;
    seen.add(key);
    const recurrenceId = 'date' in when ? when.date : new Date(when.at).toISOString().replace('.000', '');
    const ov = single.get(key) ?? (series.isDate ? undefined : single.get(instanceDay(series, when)));
    if (ov) {
      if (ov.cancelled) continue;
      const moved = toEvent(ov.component, zones);
      if (moved) out.push({ ...moved, recurring: true, recurrenceId });
      continue;
    }
    const wall = wallIn(series, when);
    const rangeAt = ranges.findLastIndex((r) => r.wall <= wall);
    if (rangeAt >= 0) {
      const range = ranges[rangeAt];
      if (range.cancelled) continue;
      const moved = toEvent(range.component, zones);
      if (!moved) continue;
      const shifted = shiftWhen(when, shifts[rangeAt], series, moved.allDay);
      const { start: _s, end: _e, allDay: _a, ...fields } = moved;
      out.push({ ...eventAt({ ...fields, recurring: true }, shifted, lengthOf(moved)), recurrenceId });
      continue;
    }
    out.push({ ...eventAt(base, when, length), recurrenceId });
  }
  // an instance from long before the range may have been moved into it
  for (const [key, ov] of single) {
    const id = zones.readProperty(ov.component, 'recurrence-id');
    if (!id || seen.has(key) || excluded.has(key) || instantOf(id) >= floor || ov.cancelled) continue;
    const moved = toEvent(ov.component, zones);
    const recurrenceId = 'date' in id ? id.date : new Date(id.at).toISOString().replace('.000', '');
    if (moved) out.push({ ...moved, recurring: true, recurrenceId });
  }
  return out;
}

/** How far (wall-clock ms) a range override moves its instances: its new start against the start it replaces. */
function shiftOf(range: Override, series: Series): number {
  const start = series.zones.readProperty(range.component, 'dtstart');
  return start ? wallIn(series, start) - range.wall : 0;
}

/** An instance moved by a wall-clock shift, kept on local time across a DST change. */
function shiftWhen(when: IcalWhen, shift: number, series: Series, allDay: boolean): IcalWhen {
  const wall = wallIn(series, when) + shift;
  if (allDay) return { date: new Date(wall).toISOString().slice(0, 10) };
  return { at: series.zones.fromWall(wall, series.isDate ? undefined : series.tzid) };
}

/** An event's length in ms. */
function lengthOf(e: CalendarEvent): number {
  return e.allDay
    ? Date.parse(`${e.end}T00:00:00Z`) - Date.parse(`${e.start}T00:00:00Z`)
    : Date.parse(e.end) - Date.parse(e.start);
}

/** The occurrences the RRULEs generate from `floor` until `limit` (UTC ms), each within its rule's UNTIL. */
function ruleTimes(
  master: ICAL.Component,
  zones: ZoneResolver,
  floor: number,
  limit: number,
  untilOf: (prop: ICAL.Property) => (when: IcalWhen) => boolean,
): IcalWhen[] {
  const startProp = master.getFirstProperty('dtstart');
  const start = startProp?.getFirstValue();
  if (!startProp || !(start instanceof ICAL.Time)) return [];
  const tzid = tzidOf(startProp);
  const first = zones.read(start, tzid);
  const out: IcalWhen[] = instantOf(first) >= floor ? [first] : [];
  for (const prop of master.getAllProperties('rrule')) {
    const written = prop.getFirstValue();
    if (!(written instanceof ICAL.Recur)) continue;
    // UNTIL is judged here (recurrence-until.ts), not by ical.js, which reads a floating time as UTC
    const within = untilOf(prop);
    const rule = written.clone();
    rule.until = null;
    const it = rule.iterator(fastForward(rule, start, floor));
    for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
      // the wall-clock time read as UTC is within a day of the instant: far-off ones skip the zone lookup
      const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second);
      if (wall < floor) continue;
      if (wall - DAY_MS >= limit) break;
      const when = zones.read(next, tzid);
      if (!within(when)) break;
      if (instantOf(when) >= limit) break;
      out.push(when);
    }
  }
  return out;
}

/**
 * A start moved forward by whole periods to just before `floor`, for DAILY and WEEKLY rules without COUNT: the same
 * occurrences follow (weeks stay aligned, filters are absolute), without iterating years of history.
 */
function fastForward(rule: ICAL.Recur, start: ICAL.Time, floor: number): ICAL.Time {
  if (rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return start;
  const step = (rule.interval || 1) * (rule.freq === 'WEEKLY' ? 7 : 1);
  const wall = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second);
  const periods = Math.floor((floor - wall) / DAY_MS / step) - 1;
  if (periods < 1) return start;
  const moved = start.clone();
  moved.adjust(periods * step, 0, 0, 0);
  return moved;
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
