// Builds and parses iCalendar VEVENTs (RFC 5545) for CalendarEvent: UTC or all-day dates, escaped, folded.
import { type CalendarEvent, DAY_MS } from './calendar-event.ts';
import { escapeText, foldLine, parseContentLine, unescapeText, unfoldLines } from './ical-text.ts';
import { isoUtc, isTimeZone, zonedToUtc } from './zoned-time.ts';

const PRODID = '-//Quorra//Household Calendar//EN';

/** `2026-01-06T09:30:00Z` → `20260106T093000Z`. */
function icalInstant(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** `2026-01-06` → `20260106`. */
function icalDate(date: string): string {
  return date.replace(/-/g, '');
}

/** A whole VCALENDAR holding one VEVENT, CRLF line endings, long lines folded. */
export function buildEvent(event: CalendarEvent, now = new Date()): string {
  const when = (name: string, value: string) =>
    event.allDay ? `${name};VALUE=DATE:${icalDate(value)}` : `${name}:${icalInstant(value)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icalInstant(now.toISOString())}`,
    when('DTSTART', event.start),
    when('DTEND', event.end),
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A DTSTART/DTEND value: a date (`VALUE=DATE`) or an instant (UTC `Z`, `TZID=…`, or floating in `timeZone`). */
function parseWhen(
  value: string,
  params: Record<string, string>,
  timeZone: string,
): { date: string } | { at: number } | null {
  const v = value.trim();
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (d || params.VALUE === 'DATE') {
    if (!d) return null;
    return { date: `${d[1]}-${d[2]}-${d[3]}` };
  }
  const t = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/i.exec(v);
  if (!t) return null;
  const [, y, mo, da, h, mi, s, z] = t;
  if (z) return { at: Date.UTC(+y, +mo - 1, +da, +h, +mi, +s) };
  const zone = params.TZID && isTimeZone(params.TZID) ? params.TZID : timeZone;
  return { at: zonedToUtc(zone, +y, +mo, +da, +h, +mi, +s) };
}

/** A simple RFC 5545 DURATION (`P1D`, `PT1H30M`, `P1W`) in ms; null when it cannot be read. */
export function parseDuration(value: string): number | null {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!m || value.trim() === 'P') return null;
  const [, sign, w = '0', d = '0', h = '0', mi = '0', s = '0'] = m;
  const ms = ((+w * 7 + +d) * 24 * 3600 + +h * 3600 + +mi * 60 + +s) * 1000;
  return sign === '-' ? -ms : ms;
}

/** Every VEVENT in an iCalendar text as a CalendarEvent; floating times are read in `timeZone`. */
export function parseEvents(ics: string, timeZone = 'UTC'): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  let depth = 0;
  let props: Map<string, { params: Record<string, string>; value: string }> | null = null;
  for (const raw of unfoldLines(ics)) {
    const line = parseContentLine(raw);
    if (!line) continue;
    if (line.name === 'BEGIN') {
      if (props)
        depth++; // a nested VALARM: its properties are not the event's
      else if (line.value.toUpperCase() === 'VEVENT') props = new Map();
      continue;
    }
    if (line.name === 'END' && props) {
      if (depth > 0) depth--;
      else {
        const e = toEvent(props, timeZone);
        if (e) events.push(e);
        props = null;
      }
      continue;
    }
    if (props && depth === 0 && !props.has(line.name))
      props.set(line.name, { params: line.params, value: line.value });
  }
  return events;
}

function toEvent(
  props: Map<string, { params: Record<string, string>; value: string }>,
  timeZone: string,
): CalendarEvent | null {
  const uid = props.get('UID')?.value.trim();
  const dtstart = props.get('DTSTART');
  if (!uid || !dtstart) return null;
  const start = parseWhen(dtstart.value, dtstart.params, timeZone);
  if (!start) return null;
  const dtend = props.get('DTEND');
  const end = dtend ? parseWhen(dtend.value, dtend.params, timeZone) : null;
  const duration = props.get('DURATION') ? parseDuration(props.get('DURATION')!.value) : null;
  const text = (name: string) => {
    const v = props.get(name)?.value;
    return v ? unescapeText(v) : undefined;
  };
  const base = {
    uid,
    title: text('SUMMARY') ?? '(untitled)',
    ...(text('LOCATION') ? { location: text('LOCATION') } : {}),
    ...(text('DESCRIPTION') ? { description: text('DESCRIPTION') } : {}),
    ...(props.has('RRULE') ? { recurring: true } : {}),
  };
  if ('date' in start) {
    const startMs = Date.parse(`${start.date}T00:00:00Z`);
    const endMs =
      end && 'date' in end
        ? Date.parse(`${end.date}T00:00:00Z`)
        : startMs + Math.max(duration ?? DAY_MS, DAY_MS);
    const endDate = new Date(Math.max(endMs, startMs + DAY_MS)).toISOString().slice(0, 10);
    return { ...base, start: start.date, end: endDate, allDay: true };
  }
  const endAt = end && 'at' in end ? end.at : start.at + (duration ?? 0);
  return { ...base, start: isoUtc(start.at), end: isoUtc(Math.max(endAt, start.at)), allDay: false };
}
