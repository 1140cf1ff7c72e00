// iCalendar through ical.js: escaping and folding on the wire, all-day dates, UTC instants, tasks, other clients' events.
import assert from 'node:assert/strict';
import type { CalendarEvent } from '../../../plugins/calendar/calendar-event.ts';
import type { CalendarTask } from '../../../plugins/calendar/calendar-task.ts';
import { buildEvent, buildTodo, parseEvents, parseTodos } from '../../../plugins/calendar/ical.ts';

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
  it('builds a timed event with UTC times, escaped text, and round-trips it', () => {
    const ics = buildEvent(timed, new Date('2026-01-01T00:00:00Z'));
    assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics, /\r\nDTSTART:20260106T093000Z\r\n/);
    assert.match(ics, /\r\nDTEND:20260106T101500Z\r\n/);
    assert.match(ics, /\r\nDTSTAMP:20260101T000000Z\r\n/);
    assert.match(ics, /\r\nSUMMARY:Dentist\\; Max\\, then lunch\r\n/);
    assert.match(ics, /\r\nDESCRIPTION:Bring the card\\nand a back\\\\slash\r\n/);
    assert.deepEqual(parseEvents(ics), [timed]);
  });

  it('folds long lines at 75 octets and reads them back', () => {
    const long = { ...timed, title: 'ä'.repeat(100), description: `${'word, '.repeat(60)}end` };
    const ics = buildEvent(long);
    for (const line of ics.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
    const [back] = parseEvents(ics);
    assert.equal(back.title, long.title);
    assert.equal(back.description, long.description);
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

  it('builds and reads tasks: due, priority, completion', () => {
    const open: CalendarTask = {
      uid: 't1',
      title: 'Tax return',
      due: '2026-05-31',
      priority: 1,
      completed: false,
    };
    const ics = buildTodo(open, new Date('2026-05-01T00:00:00Z'));
    assert.match(ics, /\r\nBEGIN:VTODO\r\n/);
    assert.match(ics, /\r\nDUE;VALUE=DATE:20260531\r\n/);
    assert.match(ics, /\r\nSTATUS:NEEDS-ACTION\r\n/);
    assert.deepEqual(parseTodos(ics), [open]);
    const done: CalendarTask = {
      uid: 't2',
      title: 'Call school',
      due: '2026-05-02T07:00:00Z',
      completed: true,
      completedAt: '2026-05-01T12:00:00Z',
    };
    const doneIcs = buildTodo(done);
    assert.match(doneIcs, /\r\nSTATUS:COMPLETED\r\n/);
    assert.match(doneIcs, /\r\nCOMPLETED:20260501T120000Z\r\n/);
    assert.deepEqual(parseTodos(doneIcs), [done]);
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
      'ACTION:DISPLAY',
      'DESCRIPTION:alarm text',
      'TRIGGER:-PT15M',
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
    assert.deepEqual(parseEvents('not a calendar'), []);
  });

  it('reads a TZID it only knows from the object’s own VTIMEZONE', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Custom Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0300',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:c',
      'DTSTART;TZID=Custom Standard Time:20260106T100000',
      'DTEND;TZID=Custom Standard Time:20260106T110000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const [e] = parseEvents(ics, 'Europe/Berlin');
    assert.equal(e.start, '2026-01-06T07:00:00Z');
    assert.equal(e.end, '2026-01-06T08:00:00Z');
  });
});
