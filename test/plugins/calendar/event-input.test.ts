// Tool inputs to events and ranges: local times in the household zone, all-day dates, validation in plain words.
import assert from 'node:assert/strict';
import { overlaps } from '../../../plugins/calendar/recurrence.ts';
import { eventFromInput } from '../../../plugins/calendar/tools/add-event.ts';
import { queryRange } from '../../../plugins/calendar/tools/query-events.ts';
import { formatDay, parseMoment, zonedToUtc } from '../../../plugins/calendar/zoned-time.ts';

const berlin = 'Europe/Berlin';

describe('calendar event input', () => {
  it('reads local date-times in the zone, across daylight saving', () => {
    assert.equal(new Date(zonedToUtc(berlin, 2026, 1, 6, 9, 30)).toISOString(), '2026-01-06T08:30:00.000Z');
    assert.equal(new Date(zonedToUtc(berlin, 2026, 7, 6, 9, 30)).toISOString(), '2026-07-06T07:30:00.000Z');
    assert.deepEqual(parseMoment('2026-01-06T09:30:00+02:00', berlin), {
      kind: 'instant',
      at: Date.parse('2026-01-06T07:30:00Z'),
    });
    assert.deepEqual(parseMoment('2026-01-06', berlin), { kind: 'date', date: '2026-01-06' });
    assert.throws(() => parseMoment('next tuesday', berlin), /not an ISO date/);
    assert.equal(formatDay('2026-01-06', berlin), 'Tuesday 6 January 2026');
  });

  it('makes timed events in UTC with a one-hour default, and refuses an end before the start', () => {
    assert.deepEqual(eventFromInput({ title: 'Dentist', start: '2026-01-06T09:30' }, berlin), {
      title: 'Dentist',
      start: '2026-01-06T08:30:00Z',
      end: '2026-01-06T09:30:00Z',
      allDay: false,
    });
    assert.throws(
      () => eventFromInput({ title: 'x', start: '2026-01-06T10:00', end: '2026-01-06T09:00' }, berlin),
      /end must be after the start/,
    );
    assert.throws(
      () => eventFromInput({ title: 'x', start: '2026-01-06T10:00', end: '2026-01-06T10:00' }, berlin),
      /end must be after the start/,
    );
    assert.throws(
      () => eventFromInput({ title: 'x', start: '2026-01-06', all_day: false }, berlin),
      /start time/,
    );
  });

  it('makes all-day events from dates, the end day included', () => {
    assert.deepEqual(
      eventFromInput({ title: 'Trip', start: '2026-07-01', end: '2026-07-03', location: 'Coast' }, berlin),
      {
        title: 'Trip',
        start: '2026-07-01',
        end: '2026-07-04',
        allDay: true,
        location: 'Coast',
      },
    );
    assert.equal(eventFromInput({ title: 'Bins', start: '2026-07-01' }, berlin).end, '2026-07-02');
    assert.throws(
      () => eventFromInput({ title: 'x', start: '2026-07-03', end: '2026-07-01' }, berlin),
      /before the start/,
    );
  });

  it('resolves query ranges in the zone, includes the "to" day and allows at most 31 days', () => {
    assert.deepEqual(queryRange('2026-01-06', '2026-01-06', berlin), {
      from: Date.parse('2026-01-05T23:00:00Z'),
      to: Date.parse('2026-01-06T23:00:00Z'),
    });
    assert.doesNotThrow(() => queryRange('2026-03-01', '2026-03-31', berlin));
    assert.throws(() => queryRange('2026-03-01', '2026-04-01', berlin), /at most 31 days/);
    assert.throws(() => queryRange('2026-03-02', '2026-03-01', berlin), /after "from"/);
  });

  it('keeps all-day events by their local dates, not by UTC overlap', () => {
    const { from, to } = queryRange('2026-01-06', '2026-01-06', berlin);
    const day = (start: string, end: string) => ({ uid: 'd', title: 'd', start, end, allDay: true });
    assert.equal(overlaps(day('2026-01-05', '2026-01-06'), from, to, berlin), false);
    assert.equal(overlaps(day('2026-01-06', '2026-01-07'), from, to, berlin), true);
    assert.equal(overlaps(day('2026-01-07', '2026-01-08'), from, to, berlin), false);
  });
});
