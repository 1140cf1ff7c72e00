// Which instance an override (RECURRENCE-ID) replaces, however it was written, and THISANDFUTURE ranges.
import ICAL from 'ical.js';
import { type IcalWhen, isUtc, tzidOf, wallOf, type ZoneResolver } from './ical-time.ts';
import { localDate } from './zoned-time.ts';

/** An override of one instance, or (range) of that instance and every later one until the next range override. */
export interface Override {
  component: ICAL.Component;
  /** The instance it replaces, as a key of the series (see instanceKey). */
  key: string;
  /** The replaced instance's start in wall-clock ms of the series' zone (for ordering and shifting). */
  wall: number;
  range: boolean;
  cancelled: boolean;
}

/** How a series names its instances. */
export interface Series {
  isDate: boolean;
  tzid: string | undefined;
  zones: ZoneResolver;
}

/** The key of an instance of the series: its date for an all-day series, its instant (ms) for a timed one. */
export function instanceKey(series: Series, when: IcalWhen): string {
  if (series.isDate) return 'date' in when ? when.date : localDate(when.at, series.zones.household);
  return 'date' in when ? `day:${when.date}` : String(when.at);
}

/**
 * The key an override's RECURRENCE-ID (or an EXDATE) names. A date-time against an all-day series (Outlook writes
 * local midnight with its Windows zone) names the date written; in UTC, the date in the household zone. A date
 * against a timed series names that local day (`day:` keys, matched by instanceDay).
 */
export function idKey(series: Series, time: ICAL.Time, tzid: string | undefined): string {
  if (series.isDate) {
    if (time.isDate || !isUtc(time)) return new Date(wallOf(time)).toISOString().slice(0, 10);
    return localDate(wallOf(time), series.zones.household);
  }
  return instanceKey(series, series.zones.read(time, tzid));
}

/** The local day key of a timed instance (`day:YYYY-MM-DD` in the series' zone). */
export function instanceDay(series: Series, when: IcalWhen): string {
  if ('date' in when) return `day:${when.date}`;
  return `day:${new Date(series.zones.wallAt(when.at, series.tzid)).toISOString().slice(0, 10)}`;
}

/** A time value as wall-clock ms in the series' zone. */
export function wallIn(series: Series, when: IcalWhen): number {
  return 'date' in when ? Date.parse(`${when.date}T00:00:00Z`) : series.zones.wallAt(when.at, series.tzid);
}

/** The overrides of a series, read once. */
export function readOverrides(series: Series, components: ICAL.Component[]): Override[] {
  return components.flatMap((component) => {
    const prop = component.getFirstProperty('recurrence-id');
    const time = prop?.getFirstValue();
    if (!prop || !(time instanceof ICAL.Time)) return [];
    const tzid = tzidOf(prop);
    const key = idKey(series, time, tzid);
    const wall = series.isDate
      ? Date.parse(`${key}T00:00:00Z`)
      : wallIn(series, series.zones.read(time, tzid));
    const range = String(prop.getParameter('range') ?? '').toUpperCase() === 'THISANDFUTURE';
    const cancelled = String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
    return [{ component, key, wall, range, cancelled }];
  });
}
