// Alert dedup: one alert when a check goes bad or worse, none while it stays, one recovery; acks clear the queue.
import assert from 'node:assert/strict';
import { AlertTracker } from '../../../plugins/diagnostics/agent/alert-tracker.ts';
import { finding, type Severity } from '../../../plugins/diagnostics/finding.ts';

describe('AlertTracker', () => {
  const seq = (t: AlertTracker, levels: Severity[]) =>
    levels
      .map((l) => t.observe(finding('disk', l, `disk is ${l}`)))
      .map((a) => (a ? `${a.kind}:${a.severity}` : '-'));

  it('alerts on going bad and on getting worse, never while it stays, and once on recovery', () => {
    const t = new AlertTracker();
    assert.deepEqual(
      seq(t, ['ok', 'warning', 'warning', 'critical', 'critical', 'warning', 'ok', 'ok', 'skipped']),
      ['-', 'problem:warning', '-', 'problem:critical', '-', '-', 'recovery:ok', '-', '-'],
    );
    assert.equal(t.state.pending.length, 3);
  });

  it('keeps alerts pending until acknowledged, and carries its state into a new tracker', () => {
    const t = new AlertTracker();
    const [a] = [t.observe(finding('model', 'critical', 'model down'))];
    t.ack([a!.id]);
    assert.deepEqual(t.state.pending, []);
    const restarted = new AlertTracker(JSON.parse(JSON.stringify(t.state)));
    assert.equal(
      restarted.observe(finding('model', 'critical', 'model down')),
      undefined,
      'no repeat after a restart',
    );
    assert.equal(restarted.observe(finding('model', 'ok', 'model back'))?.kind, 'recovery');
  });
});
