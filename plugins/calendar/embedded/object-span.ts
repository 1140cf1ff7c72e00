// The instants an iCalendar object's occurrences can reach, so a week's query reads only the rows that may touch it.
import ICAL from 'ical.js';
import { DAY_MS, startInstant } from '../calendar-event.ts';
import { readCalendar, toEvent } from '../ical.ts';
import { ZoneResolver } from '../ical-time.ts';

/** Earliest start and latest end (UTC ms) of every occurrence; `endsAt` null when a rule repeats forever. */
export interface ObjectSpan {
  startsAt: number | null;
  endsAt: number | null;
}

// two days either side cover any zone offset of an all-day date or a floating time
const SLACK = 2 * DAY_MS;
// a COUNT beyond this is treated as unbounded rather than walked at write time
const MAX_COUNT = 10_000;

const wallMs = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
const endMs = (e: { end: string; allDay: boolean }) =>
  e.allDay ? Date.parse(`${e.end}T00:00:00Z`) : Date.parse(e.end);

/** The span of an object's events; tasks (no VEVENT) have none. */
export function objectSpan(ics: string): ObjectSpan {
  const cal = readCalendar(ics);
  if (!cal) return { startsAt: null, endsAt: null };
  const zones = new ZoneResolver(cal, 'UTC');
  let startsAt = Number.POSITIVE_INFINITY;
  let endsAt: number | null = Number.NEGATIVE_INFINITY;
  // a THISANDFUTURE override moves the instances after it: the last one may end that much later
  let shift = 0;
  for (const vevent of cal.getAllSubcomponents('vevent')) {
    const event = toEvent(vevent, zones);
    if (!event) continue;
    const id = vevent.getFirstProperty('recurrence-id');
    const idTime = id?.getFirstValue();
    if (id && idTime instanceof ICAL.Time && /^thisandfuture$/i.test(String(id.getParameter('range') ?? '')))
      shift = Math.max(shift, startInstant(event) - wallMs(idTime) + DAY_MS);
    const length = endMs(event) - startInstant(event);
    startsAt = Math.min(startsAt, startInstant(event) - SLACK);
    const last = lastOccurrence(vevent);
    if (last === null) endsAt = null;
    else if (endsAt !== null) endsAt = Math.max(endsAt, endMs(event) + SLACK, last + length + SLACK);
    for (const prop of vevent.getAllProperties('rdate'))
      for (const v of prop.getValues() as unknown[]) {
        const t = v instanceof ICAL.Period ? v.start : v;
        if (!(t instanceof ICAL.Time)) continue;
        startsAt = Math.min(startsAt, wallMs(t) - SLACK);
        if (endsAt !== null) endsAt = Math.max(endsAt, wallMs(t) + length + SLACK);
      }
  }
  if (!Number.isFinite(startsAt)) return { startsAt: null, endsAt: null };
  return { startsAt, endsAt: endsAt === null || !Number.isFinite(endsAt) ? null : endsAt + shift };
}

/** The wall-clock start of a VEVENT's last ruled occurrence (its own start without RRULE); null when unbounded. */
function lastOccurrence(vevent: ICAL.Component): number | null {
  const start = vevent.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return 0;
  let last = wallMs(start);
  for (const prop of vevent.getAllProperties('rrule')) {
    const rule = prop.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) continue;
    if (rule.until) last = Math.max(last, wallMs(rule.until) + DAY_MS);
    else if (rule.count && rule.count <= MAX_COUNT) {
      const it = rule.iterator(start);
      for (let n = 0, next = it.next(); next && n < rule.count; n++, next = it.next())
        last = Math.max(last, wallMs(next));
    } else return null;
  }
  return last;
}
