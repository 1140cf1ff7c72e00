// iCalendar times to plain values: a date, or a UTC instant read from UTC, an IANA TZID, a VTIMEZONE, a Windows zone
// name (CLDR's table), or the household zone.
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { isTimeZone, zonedToUtc, zoneOffset } from './zoned-time.ts';

/** A DTSTART-like value: a whole date (`YYYY-MM-DD`) or a UTC instant (ms). */
export type IcalWhen = { date: string } | { at: number };

/** The time zones a calendar object can name: its own VTIMEZONEs, else IANA names, else the household zone. */
export class ZoneResolver {
  private readonly own = new Map<string, ICAL.Timezone>();

  constructor(
    vcalendar: ICAL.Component,
    readonly household: string,
  ) {
    for (const vtz of vcalendar.getAllSubcomponents('vtimezone')) {
      const tzid = vtz.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') this.own.set(tzid, new ICAL.Timezone(vtz));
    }
  }

  /** The value of a time with the TZID it was written with (`undefined` = floating or UTC per the time itself). */
  read(time: ICAL.Time, tzid?: string): IcalWhen {
    if (time.isDate) return { date: dateOf(time) };
    if (isUtc(time))
      return { at: Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) };
    return { at: this.fromWall(wallOf(time), tzid) };
  }

  /**
   * The zone a TZID means: an IANA name as written (Intl knows every DST rule), else the file's own VTIMEZONE, else
   * a Windows name (Outlook's "W. Europe Standard Time") through CLDR's table, else the household zone.
   */
  zone(tzid?: string): string | ICAL.Timezone {
    if (!tzid) return this.household;
    if (isTimeZone(tzid)) return tzid;
    const own = this.own.get(tzid);
    if (own) return own;
    const iana = findIana(tzid.replace(/^"|"$/g, '').trim())[0];
    return iana && isTimeZone(iana) ? iana : this.household;
  }

  /** The instant of a wall-clock time (naive UTC ms of its local fields) in the TZID's zone. */
  fromWall(wall: number, tzid?: string): number {
    const zone = this.zone(tzid);
    const d = new Date(wall);
    const f = [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ] as const;
    if (typeof zone === 'string') return zonedToUtc(zone, ...f);
    const t = new ICAL.Time(
      { year: f[0], month: f[1], day: f[2], hour: f[3], minute: f[4], second: f[5] },
      zone,
    );
    return t.toUnixTime() * 1000;
  }

  /** The wall-clock time (naive UTC ms of its local fields) of an instant in the TZID's zone. */
  wallAt(at: number, tzid?: string): number {
    const zone = this.zone(tzid);
    if (typeof zone === 'string') return at + zoneOffset(at, zone);
    const t = ICAL.Time.fromJSDate(new Date(at), true).convertToZone(zone);
    return wallOf(t);
  }

  /** Reads a property's first value (DTSTART, DUE, RECURRENCE-ID…); null when absent or not a time. */
  readProperty(component: ICAL.Component, name: string): IcalWhen | null {
    const prop = component.getFirstProperty(name);
    const value = prop?.getFirstValue();
    if (!prop || !(value instanceof ICAL.Time)) return null;
    return this.read(value, tzidOf(prop));
  }
}

/** The TZID parameter of a property, if any. */
export function tzidOf(prop: ICAL.Property): string | undefined {
  const tzid = prop.getParameter('tzid');
  return typeof tzid === 'string' && tzid ? tzid : undefined;
}

/** `YYYY-MM-DD` of an ICAL.Time. */
export function dateOf(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
}

/** A date `YYYY-MM-DD` as an ICAL.Time with isDate. */
export function icalDate(date: string): ICAL.Time {
  const [year, month, day] = date.split('-').map(Number);
  return new ICAL.Time({ year, month, day, isDate: true }, ICAL.Timezone.localTimezone);
}

/** An instant as a UTC ICAL.Time (`…Z`), to whole seconds. */
export function icalInstant(at: number | string): ICAL.Time {
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  return ICAL.Time.fromJSDate(new Date(Math.floor(ms / 1000) * 1000), true);
}

/** A comparable key of a time value: the date, or the instant in ms. */
export function whenKey(when: IcalWhen): string {
  return 'date' in when ? when.date : String(when.at);
}

/** True when a time is written in UTC (`…Z`). */
export function isUtc(time: ICAL.Time): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

/** A time's local fields as naive UTC ms (its wall clock, whatever its zone). */
export function wallOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}
