// Repeat rules: the next firing on local wall-clock time across DST, weekday-only rules, and the rule in words.
import assert from 'node:assert/strict';
import {
  describeRepeat,
  nextFiring,
  repeatRule,
} from '../../../../plugins/calendar/reminders/repeat-rule.ts';

const berlin = 'Europe/Berlin';

describe('calendar reminder repeat rules', () => {
  it('keeps the local time across the DST change', () => {
    const rule = repeatRule('daily');
    assert.equal(
      nextFiring(rule, '2030-03-30T08:00', berlin, Date.parse('2030-03-30T07:00:00Z')),
      Date.parse('2030-03-31T06:00:00Z'),
    );
  });

  it('fires weekdays only, even when counted from a Saturday', () => {
    const rule = repeatRule('weekdays');
    const first = nextFiring(rule, '2030-03-30T07:30', berlin, Date.parse('2030-03-30T00:00:00Z'));
    assert.equal(new Date(first!).toISOString(), '2030-04-01T05:30:00.000Z');
    assert.equal(describeRepeat(rule, '2030-03-30T07:30', berlin), 'every weekday at 07:30');
  });

  it('names the days in words', () => {
    assert.equal(describeRepeat(repeatRule('weekly'), '2030-04-01T08:00', berlin), 'every Monday at 08:00');
    assert.equal(
      describeRepeat(repeatRule('weekly', ['monday', 'thursday']), '2030-04-01T18:15', berlin),
      'every Monday and Thursday at 18:15',
    );
    assert.equal(
      describeRepeat(repeatRule('monthly'), '2030-04-07T09:00', berlin),
      'every month on day 7 at 09:00',
    );
    assert.equal(
      describeRepeat(repeatRule('yearly'), '2030-04-07T09:00', berlin),
      'every year on 7 April at 09:00',
    );
    assert.equal(describeRepeat(repeatRule('daily'), '2030-04-07T09:00', berlin), 'every day at 09:00');
  });
});
