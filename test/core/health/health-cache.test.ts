// The public liveness verdict is served from the last report: checks run once per refresh, not per probe.
import assert from 'node:assert/strict';
import { type CheckResult, Health } from '../../../core/health/health.ts';

/** A check that counts its runs and answers whatever `state` says now. */
function countingCheck(initial: CheckResult['status']) {
  const check = {
    runs: 0,
    state: initial,
    fn: (): CheckResult => {
      check.runs++;
      return { status: check.state };
    },
  };
  return check;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Health: cached liveness verdict', () => {
  it('runs the checks once for many probes while the verdict is fresh', async () => {
    const health = new Health(60_000);
    const db = countingCheck('ok');
    health.add('db', db.fn, { critical: true });
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => health.status()));
    for (let i = 0; i < 50; i++) verdicts.push(await health.status());
    assert.deepEqual(new Set(verdicts), new Set(['ok']));
    assert.equal(db.runs, 1);
  });

  it('serves the cached verdict until a report (the owner details) refreshes it', async () => {
    const health = new Health(60_000);
    const db = countingCheck('ok');
    health.add('db', db.fn, { critical: true });
    assert.equal(await health.status(), 'ok');
    db.state = 'failed';
    assert.equal(await health.status(), 'ok', 'fresh verdict: no check ran');
    assert.equal((await health.report()).status, 'failed');
    assert.equal(await health.status(), 'failed');
  });

  it('hands a verdict at hand over as it is, and only the first probe a promise to wait on', async () => {
    const health = new Health(-1); // always stale: a refresh is running behind every probe but the first
    health.add('db', countingCheck('ok').fn, { critical: true });
    const first = health.status();
    assert.ok(first instanceof Promise, 'nothing known yet: the first probe waits for the checks');
    assert.equal(await first, 'ok');
    assert.equal(health.status(), 'ok', 'a stale verdict is served at once, not as a promise');
    await settle();
    assert.equal(health.status(), 'ok');
  });

  it('refreshes a stale verdict in the background and serves the old one meanwhile', async () => {
    const health = new Health(-1); // always stale
    const model = countingCheck('ok');
    health.add('model', model.fn);
    assert.equal(await health.status(), 'ok');
    model.state = 'degraded';
    assert.equal(await health.status(), 'ok', 'the probe does not wait for the refresh');
    await settle();
    assert.equal(await health.status(), 'degraded');
  });

  it('forgets the verdict when a check is added or removed', async () => {
    const health = new Health(60_000);
    health.add('db', countingCheck('ok').fn, { critical: true });
    assert.equal(await health.status(), 'ok');
    const calendar = health.add('calendar', countingCheck('degraded').fn);
    assert.equal(await health.status(), 'degraded');
    calendar.dispose();
    assert.equal(await health.status(), 'ok');
  });
});
