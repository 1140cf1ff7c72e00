// Wall-clock times in an IANA time zone: local date/time to UTC, and UTC back to a readable local day and time.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC (ms) at a given instant. */
export function zoneOffset(instant: number, timeZone: string): number {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in `timeZone` (month 1-based). */
export function zonedToUtc(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = wall - zoneOffset(wall, timeZone);
  // a second pass settles instants next to a DST change
  return wall - zoneOffset(first, timeZone);
}

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A tool's date or date-time input: `YYYY-MM-DD`, or a date-time with or without offset (then local to `timeZone`). */
export type ParsedMoment = { kind: 'date'; date: string } | { kind: 'instant'; at: number };

/** Parses a date or date-time string; throws a plain-words error on anything else. */
export function parseMoment(input: string, timeZone: string): ParsedMoment {
  const s = input.trim();
  const d = dateOnly.exec(s);
  if (d) {
    if (Number.isNaN(Date.parse(`${s}T00:00:00Z`))) throw new Error(`"${input}" is not a valid date`);
    return { kind: 'date', date: s };
  }
  const t = dateTime.exec(s);
  if (!t) throw new Error(`"${input}" is not an ISO date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM)`);
  const [, y, mo, da, h, mi, se = '0', zone] = t;
  let at: number;
  if (zone) at = Date.parse(`${y}-${mo}-${da}T${h}:${mi}:${se.padStart(2, '0')}${normalizeZone(zone)}`);
  else at = zonedToUtc(timeZone, +y, +mo, +da, +h, +mi, +se);
  if (Number.isNaN(at)) throw new Error(`"${input}" is not a valid date-time`);
  return { kind: 'instant', at };
}

function normalizeZone(zone: string): string {
  if (zone.toUpperCase() === 'Z') return 'Z';
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

/** The UTC instant a calendar date starts in `timeZone`. */
export function startOfDate(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return zonedToUtc(timeZone, y, m, d);
}

/** `YYYY-MM-DD` shifted by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A UTC instant as `YYYY-MM-DDTHH:MM:SSZ`. */
export function isoUtc(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19)}Z`;
}

/** A readable day, e.g. "Tuesday 6 January 2026", of an instant in `timeZone` (or of a plain date). */
export function formatDay(at: number | string, timeZone: string): string {
  const instant = typeof at === 'string' ? Date.parse(`${at}T12:00:00Z`) : at;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: typeof at === 'string' ? 'UTC' : timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(instant);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** A local wall-clock time, e.g. "09:30", of an instant in `timeZone`. */
export function formatTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function localDate(instant: number, timeZone: string): string {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}
