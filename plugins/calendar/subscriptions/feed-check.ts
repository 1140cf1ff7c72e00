// A calendar feed checked before anything is kept: iCalendar (not a web page), not too large, no rule without end
// that repeats every minute or never happens; its events split into one object per UID.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { RawObject } from '../calendar-backend.ts';
import { readCalendar } from '../ical.ts';

/** The largest feed or file taken (a school's year is well under 1 MB). */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const MAX_EVENTS = 50_000;

/** A feed refused, with the reason in plain words. */
export class FeedError extends Error {}

const daysIn = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Why a rule cannot be kept (it would expand forever, or never happen), or null. */
function ruleProblem(rule: ICAL.Recur): string | null {
  const endless = !rule.count && !rule.until;
  if (endless && (rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY'))
    return `repeats every ${rule.freq === 'SECONDLY' ? 'second' : 'minute'} with no end`;
  const parts = rule.parts as Record<string, number[] | undefined>;
  const months = parts.BYMONTH;
  const monthDays = parts.BYMONTHDAY;
  if (months?.length && monthDays?.length && monthDays.every((d) => d > 0)) {
    const fits = months.some((m) => monthDays.some((d) => d <= (daysIn[m - 1] ?? 31)));
    if (!fits)
      return 'repeats on a day that never comes (such as 30 February), so it would be searched for forever';
  }
  return null;
}

/** Checks a feed's text and splits it into one object per UID (with the time zones it names); throws FeedError. */
export function checkFeed(text: string): RawObject[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_FEED_BYTES)
    throw new FeedError(`it is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (/^<(!doctype|html|\?xml|head|body)/i.test(body))
    throw new FeedError('it is a web page (HTML), not an iCalendar (.ics) calendar');
  if (!/^BEGIN:VCALENDAR/i.test(body)) throw new FeedError('it is not an iCalendar (.ics) calendar');
  const cal = readCalendar(body);
  if (!cal) throw new FeedError('it is not an iCalendar (.ics) calendar that can be read');
  const events = cal.getAllSubcomponents('vevent');
  if (events.length > MAX_EVENTS) throw new FeedError(`it has more than ${MAX_EVENTS} events`);
  const zones = new Map<string, ICAL.Component>();
  for (const tz of cal.getAllSubcomponents('vtimezone')) {
    const id = tz.getFirstPropertyValue('tzid');
    if (typeof id === 'string') zones.set(id, tz);
  }
  const byUid = new Map<string, ICAL.Component[]>();
  for (const ev of events) {
    for (const prop of ev.getAllProperties('rrule')) {
      const rule = prop.getFirstValue();
      const problem = rule instanceof ICAL.Recur ? ruleProblem(rule) : null;
      if (problem)
        throw new FeedError(
          `the event “${String(ev.getFirstPropertyValue('summary') ?? 'untitled').slice(0, 80)}” ${problem}`,
        );
    }
    const written = ev.getFirstPropertyValue('uid');
    // a feed without UIDs still gets a stable one per event, so a refresh replaces rather than duplicates
    const uid =
      typeof written === 'string' && written.trim()
        ? written.trim()
        : `feed-${createHash('sha256').update(ev.toString()).digest('hex').slice(0, 32)}`;
    byUid.set(uid, [...(byUid.get(uid) ?? []), ev]);
  }
  return [...byUid].map(([uid, parts]) => ({ uid, ics: objectText(uid, parts, zones) }));
}

function objectText(uid: string, parts: ICAL.Component[], zones: Map<string, ICAL.Component>): string {
  const out = new ICAL.Component(['vcalendar', [], []]);
  out.addPropertyWithValue('version', '2.0');
  out.addPropertyWithValue('prodid', '-//Quorra//Subscribed calendar//EN');
  const named = new Set<string>();
  for (const ev of parts)
    for (const prop of ev.getAllProperties()) {
      const tzid = prop.getParameter('tzid');
      if (typeof tzid === 'string') named.add(tzid);
    }
  for (const tzid of named) {
    const tz = zones.get(tzid);
    if (tz) out.addSubcomponent(new ICAL.Component(tz.toJSON()));
  }
  for (const ev of parts) {
    const copy = new ICAL.Component(ev.toJSON());
    if (!copy.hasProperty('uid')) copy.addPropertyWithValue('uid', uid);
    out.addSubcomponent(copy);
  }
  return out.toString();
}
