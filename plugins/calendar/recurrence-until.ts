// UNTIL as calendar programs write it (RFC 5545 §3.3.10 and where they stray from it); see docs/calendar-recurrence.md.
import type ICAL from 'ical.js';
import { type IcalWhen, isUtc, wallOf, type ZoneResolver } from './ical-time.ts';
import { localDate } from './zoned-time.ts';

const isoDay = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/**
 * A test for whether an occurrence is within a rule's UNTIL (inclusive):
 * - a DATE UNTIL includes its whole day (read in the series' zone for a timed series);
 * - a UTC UNTIL on an all-day series includes the later of its UTC date and its date in the household zone (Outlook
 *   writes 00:00Z of the last day, Apple the household's midnight: both mean that day);
 * - a UTC UNTIL on a timed series (zoned or floating) is compared as an instant;
 * - a floating UNTIL is read in the series' zone (RFC 5545 asks for UTC there; some programs write local time).
 */
export function untilTest(
  until: ICAL.Time,
  seriesIsDate: boolean,
  seriesTzid: string | undefined,
  zones: ZoneResolver,
): (when: IcalWhen) => boolean {
  const wall = wallOf(until);
  if (until.isDate) {
    const day = isoDay(wall);
    return (w) => ('date' in w ? w.date : isoDay(zones.wallAt(w.at, seriesTzid))) <= day;
  }
  if (seriesIsDate) {
    const day = isUtc(until) ? [isoDay(wall), localDate(wall, zones.household)].sort().at(-1)! : isoDay(wall);
    return (w) => ('date' in w ? w.date : localDate(w.at, zones.household)) <= day;
  }
  const at = isUtc(until) ? wall : zones.fromWall(wall, seriesTzid);
  return (w) => ('at' in w ? w.at : Date.parse(`${w.date}T00:00:00Z`)) <= at;
}
