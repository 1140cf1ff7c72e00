// Repeating reminders: "every Monday at 8" as an RRULE on local wall-clock time, next firing DST-correct.
import ICAL from 'ical.js';
import { formatDay, formatTime, zonedToUtc } from '../zoned-time.ts';

/** How a reminder repeats, as the tool takes it. */
export type RepeatKind = 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly';

export const weekdayNames = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdayNames)[number];
const icalDay: Record<Weekday, string> = {
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
  sunday: 'SU',
};

/** The RRULE for a repeat (weekly on the start's weekday unless days are named). */
export function repeatRule(kind: RepeatKind, days: Weekday[] = []): string {
  if (kind === 'weekdays') return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
  if (kind === 'weekly' && days.length) return `FREQ=WEEKLY;BYDAY=${days.map((d) => icalDay[d]).join(',')}`;
  return `FREQ=${kind.toUpperCase()}`;
}

const MAX_STEPS = 100_000;
const dayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The first firing strictly after `after` (UTC ms) of a rule counted from a local start; null when it has ended. */
export function nextFiring(rule: string, localStart: string, timeZone: string, after: number): number | null {
  const [date, time] = localStart.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const start = new ICAL.Time(
    { year, month, day, hour, minute, second: 0, isDate: false },
    ICAL.Timezone.localTimezone,
  );
  const recur = ICAL.Recur.fromString(rule);
  const byDay = new Set(recur.getComponent('byday') as string[]);
  const it = recur.iterator(start);
  for (let n = 0, t = it.next(); t && n < MAX_STEPS; n++, t = it.next()) {
    // the iterator always yields the start first, even on a day the rule leaves out
    if (byDay.size && !byDay.has(dayCodes[t.dayOfWeek() - 1])) continue;
    const at = zonedToUtc(timeZone, t.year, t.month, t.day, t.hour, t.minute);
    if (at > after) return at;
  }
  return null;
}

/** A rule in words for a person: "every Monday at 08:00", "every weekday at 07:30". */
export function describeRepeat(rule: string, localStart: string, timeZone: string): string {
  const first = zonedToUtc(timeZone, ...(splitLocal(localStart) as [number, number, number, number, number]));
  const at = `at ${formatTime(first, timeZone)}`;
  const r = ICAL.Recur.fromString(rule);
  const byDay = r.getComponent('byday') as string[];
  const dayName = (code: string) =>
    (Object.entries(icalDay).find(([, c]) => c === code)?.[0] ?? code).replace(/^./, (c) => c.toUpperCase());
  if (r.freq === 'DAILY') return `every day ${at}`;
  if (r.freq === 'WEEKLY') {
    if (byDay.join(',') === 'MO,TU,WE,TH,FR') return `every weekday ${at}`;
    const days = byDay.length ? byDay.map(dayName) : [formatDay(first, timeZone).split(' ')[0]];
    return `every ${days.join(' and ')} ${at}`;
  }
  const [, , d] = splitLocal(localStart);
  if (r.freq === 'MONTHLY') return `every month on day ${d} ${at}`;
  const [, dayNum, monthName] = formatDay(first, timeZone).split(' ');
  return `every year on ${dayNum} ${monthName} ${at}`;
}

function splitLocal(local: string): number[] {
  const [date, time] = local.split('T');
  return [...date.split('-').map(Number), ...time.split(':').map(Number)];
}
