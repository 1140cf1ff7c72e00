// The notepad's household-local daily clock: runs once a local day at or after its time, late after downtime, never twice across a restart.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DailyClock, localClock } from '../../../plugins/notepad/daily-clock.ts';

describe('notepad daily clock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quorra-clock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the local day and time in the household zone', () => {
    assert.deepEqual(localClock(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin'), {
      day: '2026-03-29',
      hhmm: '03:30',
    });
    assert.deepEqual(localClock(new Date('2026-12-01T02:00:00Z'), 'America/New_York'), {
      day: '2026-11-30',
      hhmm: '21:00',
    });
  });

  it('claims a job once a local day, at or after its time, and remembers across a restart', () => {
    const clock = new DailyClock(dir);
    assert.equal(clock.claim('triage', '03:30', new Date('2026-12-01T02:25:00Z'), 'Europe/Berlin'), false);
    assert.equal(clock.claim('triage', '03:30', new Date('2026-12-01T02:30:00Z'), 'Europe/Berlin'), true);
    assert.equal(clock.claim('triage', '03:30', new Date('2026-12-01T02:35:00Z'), 'Europe/Berlin'), false);
    const restarted = new DailyClock(dir);
    assert.equal(
      restarted.claim('triage', '03:30', new Date('2026-12-01T09:00:00Z'), 'Europe/Berlin'),
      false,
    );
    // down all night: the next day's triage runs at the first check after 03:30, late
    assert.equal(restarted.claim('triage', '03:30', new Date('2026-12-02T08:10:00Z'), 'Europe/Berlin'), true);
  });
});
