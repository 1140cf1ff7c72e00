// The calendar's /health entry: disabled without a url, ok or degraded from a probe cached for a minute.
import assert from 'node:assert/strict';
import { CalendarHealth } from '../../../plugins/calendar/calendar-health.ts';

describe('calendar health', () => {
  it('says disabled when not configured', async () => {
    assert.deepEqual(await new CalendarHealth(null).check(), {
      status: 'disabled',
      reason: 'needs setup: no calendar server address (url) yet',
    });
  });

  it('probes at most once a minute and shares a probe in flight', async () => {
    let now = 1_000_000;
    let probes = 0;
    let fail = false;
    const health = new CalendarHealth(
      async () => {
        probes++;
        if (fail) throw new Error('the CalDAV server at http://x/ is unreachable (ECONNREFUSED)');
        return 'Household';
      },
      () => now,
    );
    const [a, b] = await Promise.all([health.check(), health.check()]);
    assert.deepEqual(a, { status: 'ok', calendar: 'Household', backend: 'caldav' });
    assert.deepEqual(b, a);
    assert.equal(probes, 1);
    fail = true;
    now += 59_000;
    assert.deepEqual(await health.check(), { status: 'ok', calendar: 'Household', backend: 'caldav' });
    assert.equal(probes, 1);
    now += 2_000;
    assert.deepEqual(await health.check(), {
      status: 'degraded',
      reason: 'the CalDAV server at http://x/ is unreachable (ECONNREFUSED)',
    });
    assert.equal(probes, 2);
  });
});
