// iCalendar times to plain values: a date, or a UTC instant read from UTC, an IANA TZID, a VTIMEZONE, or the household zone.
import ICAL from 'ical.js';
import { isTimeZone, zonedToUtc } from './zoned-time.ts';

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
    if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC')
      return { at: Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) };
    // IANA names go through Intl, which knows every DST rule; a VTIMEZONE only for names Intl does not know
    const zone = tzid && isTimeZone(tzid) ? tzid : tzid ? null : this.household;
    if (zone)
      return { at: zonedToUtc(zone, time.year, time.month, time.day, time.hour, time.minute, time.second) };
    const own = this.own.get(tzid as string);
    if (own) {
      const t = time.clone();
      t.zone = own;
      return { at: t.toUnixTime() * 1000 };
    }
    return {
      at: zonedToUtc(this.household, time.year, time.month, time.day, time.hour, time.minute, time.second),
    };
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
