// iCalendar building and parsing: escaping, folding, all-day dates, UTC instants, and events from other clients.
import assert from 'node:assert/strict';
import type { CalendarEvent } from '../../../plugins/calendar/calendar-event.ts';
import { buildEvent, parseDuration, parseEvents } from '../../../plugins/calendar/ical.ts';
import {
  escapeText,
  foldLine,
  parseContentLine,
  unescapeText,
  unfoldLines,
} from '../../../plugins/calendar/ical-text.ts';

const timed: CalendarEvent = {
  uid: 'u-1@quorra',
  title: 'Dentist; Max, then lunch',
  start: '2026-01-06T09:30:00Z',
  end: '2026-01-06T10:15:00Z',
  allDay: false,
  location: 'Main St. 4, Springfield',
  description: 'Bring the card\nand a back\\slash',
};

describe('calendar ical', () => {
  it('escapes and unescapes commas, semicolons, backslashes and newlines', () => {
    assert.equal(escapeText('a,b;c\\d\ne'), 'a\\,b\\;c\\\\d\\ne');
    assert.equal(unescapeText('a\\,b\\;c\\\\d\\ne\\Nf'), 'a,b;c\\d\ne\nf');
    assert.equal(unescapeText(escapeText('x\\n,y')), 'x\\n,y');
  });

  it('folds lines at 75 octets without splitting characters, and unfolds them', () => {
    const line = `SUMMARY:${'ä'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    assert.ok(parts.length > 1);
    for (const p of parts) assert.ok(Buffer.byteLength(p, 'utf8') <= 75, `${Buffer.byteLength(p)} octets`);
    assert.ok(parts.slice(1).every((p) => p.startsWith(' ')));
    assert.deepEqual(unfoldLines(`${folded}\r\nEND:VEVENT`), [line, 'END:VEVENT']);
    assert.equal(foldLine('SHORT:x'), 'SHORT:x');
  });

  it('reads parameters, including quoted values holding colons', () => {
    assert.deepEqual(parseContentLine('DTSTART;TZID="Europe/Berlin:x";VALUE=DATE-TIME:20260106T093000'), {
      name: 'DTSTART',
      params: { TZID: 'Europe/Berlin:x', VALUE: 'DATE-TIME' },
      value: '20260106T093000',
    });
    assert.equal(parseContentLine('no colon here'), null);
  });

  it('builds a timed event with UTC times and round-trips it', () => {
    const ics = buildEvent(timed, new Date('2026-01-01T00:00:00Z'));
    assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics, /\r\nDTSTART:20260106T093000Z\r\n/);
    assert.match(ics, /\r\nDTEND:20260106T101500Z\r\n/);
    assert.match(ics, /\r\nDTSTAMP:20260101T000000Z\r\n/);
    assert.match(ics, /\r\nSUMMARY:Dentist\\; Max\\, then lunch\r\n/);
    assert.match(ics, /\r\nDESCRIPTION:Bring the card\\nand a back\\\\slash\r\n/);
    assert.ok(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75));
    assert.deepEqual(parseEvents(ics), [timed]);
  });

  it('builds all-day events with VALUE=DATE and an exclusive end, and round-trips them', () => {
    const allDay: CalendarEvent = {
      uid: 'a',
      title: 'Holiday',
      start: '2026-07-01',
      end: '2026-07-04',
      allDay: true,
    };
    const ics = buildEvent(allDay);
    assert.match(ics, /\r\nDTSTART;VALUE=DATE:20260701\r\nDTEND;VALUE=DATE:20260704\r\n/);
    assert.deepEqual(parseEvents(ics), [allDay]);
  });

  it('round-trips a long description through folding', () => {
    const long = { ...timed, description: `${'word, '.repeat(60)}end` };
    const ics = buildEvent(long);
    assert.ok(ics.split('\r\n').length > 16);
    assert.equal(parseEvents(ics)[0].description, long.description);
  });

  it('parses other clients’ events: TZID, floating times, DURATION, no DTEND, alarms, LF endings', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:tz',
      'DTSTART;TZID=Europe/Berlin:20260706T100000',
      'DURATION:PT1H30M',
      'SUMMARY:Summer ',
      ' call',
      'BEGIN:VALARM',
      'DESCRIPTION:alarm text',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:floating',
      'DTSTART:20260106T080000',
      'RRULE:FREQ=WEEKLY',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:day',
      'DTSTART;VALUE=DATE:20260106',
      'SUMMARY:Bin day',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'SUMMARY:no uid is skipped',
      'DTSTART:20260106T080000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    const [tz, floating, day] = parseEvents(ics, 'America/New_York');
    assert.deepEqual(tz, {
      uid: 'tz',
      title: 'Summer call',
      start: '2026-07-06T08:00:00Z',
      end: '2026-07-06T09:30:00Z',
      allDay: false,
    });
    assert.equal(floating.start, '2026-01-06T13:00:00Z');
    assert.equal(floating.end, floating.start);
    assert.equal(floating.recurring, true);
    assert.equal(floating.title, '(untitled)');
    assert.deepEqual(day, {
      uid: 'day',
      title: 'Bin day',
      start: '2026-01-06',
      end: '2026-01-07',
      allDay: true,
    });
    assert.equal(parseEvents(ics).length, 3);
  });

  it('reads simple durations', () => {
    assert.equal(parseDuration('PT1H30M'), 5_400_000);
    assert.equal(parseDuration('P1W'), 604_800_000);
    assert.equal(parseDuration('-P1D'), -86_400_000);
    assert.equal(parseDuration('P'), null);
    assert.equal(parseDuration('nonsense'), null);
  });
});
