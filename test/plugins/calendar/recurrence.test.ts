// Repeating events expanded in a range: weekly across a DST change, EXDATE, RDATE, moved and cancelled overrides, all-day.
import assert from 'node:assert/strict';
import { expandEvents } from '../../../plugins/calendar/recurrence.ts';
import { swimmingIcs as swimming, swimmingInstances } from './berlin-swimming.ts';

const berlin = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);
const cal = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');

describe('calendar recurrence', () => {
  it('expands weekly instances at the same local time across the DST change, with EXDATE, RDATE and overrides', () => {
    const got = expandEvents(swimming, 'UTC', at('2026-03-01T00:00:00Z'), at('2026-05-01T00:00:00Z'));
    assert.deepEqual(
      got.map((e) => [e.start, e.end, e.title]),
      swimmingInstances,
    );
    // an override keeps the start it replaces as its recurrence id
    assert.equal(got[4].recurrenceId, '2026-04-02T16:00:00Z');
    assert.equal(got[0].recurrenceId, '2026-03-05T17:00:00Z');
    assert.ok(got.every((e) => e.uid === 'swim' && e.recurring));
  });

  it('returns only the instances inside the range, including one moved into it', () => {
    const got = expandEvents(swimming, berlin, at('2026-04-03T00:00:00Z'), at('2026-04-04T00:00:00Z'));
    assert.deepEqual(
      got.map((e) => e.title),
      ['Swimming (moved to Friday)'],
    );
    const none = expandEvents(swimming, berlin, at('2026-04-02T00:00:00Z'), at('2026-04-03T00:00:00Z'));
    assert.deepEqual(none, []);
  });

  it('expands floating and all-day rules in the household zone, and stops at UNTIL', () => {
    const ics = cal(
      'BEGIN:VEVENT',
      'UID:bins',
      'DTSTART;VALUE=DATE:20261020',
      'RRULE:FREQ=WEEKLY;UNTIL=20261110',
      'SUMMARY:Bins',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:wake',
      'DTSTART:20261023T070000',
      'DURATION:PT30M',
      'RRULE:FREQ=DAILY',
      'SUMMARY:Wake up',
      'END:VEVENT',
    );
    // Berlin leaves DST on 25 October 2026
    const got = expandEvents(ics, berlin, at('2026-10-23T00:00:00Z'), at('2026-10-27T00:00:00Z'));
    assert.deepEqual(
      got.filter((e) => e.uid === 'wake').map((e) => e.start),
      ['2026-10-23T05:00:00Z', '2026-10-24T05:00:00Z', '2026-10-25T06:00:00Z', '2026-10-26T06:00:00Z'],
    );
    const bins = expandEvents(ics, berlin, at('2026-10-01T00:00:00Z'), at('2026-12-01T00:00:00Z')).filter(
      (e) => e.uid === 'bins',
    );
    assert.deepEqual(
      bins.map((e) => [e.start, e.end, e.allDay]),
      [
        ['2026-10-20', '2026-10-21', true],
        ['2026-10-27', '2026-10-28', true],
        ['2026-11-03', '2026-11-04', true],
        ['2026-11-10', '2026-11-11', true],
      ],
    );
  });
});
