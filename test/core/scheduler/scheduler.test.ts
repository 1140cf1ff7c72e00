// The scheduler: named jobs, no overlapping runs, outcomes measured, bad cron refused.
import assert from 'node:assert/strict';
import { createLogger } from '../../../core/logger.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { Scheduler } from '../../../core/scheduler/scheduler.ts';

describe('Scheduler', () => {
  let metrics: Metrics;
  let scheduler: Scheduler;
  beforeEach(() => {
    metrics = new Metrics(false);
    scheduler = new Scheduler(createLogger('silent'), metrics);
  });
  afterEach(() => scheduler.stop());

  it('never runs two instances of one job at once', async () => {
    let release!: () => void;
    let runs = 0;
    scheduler.add('0 0 1 1 *', 'slow', async () => {
      runs++;
      await new Promise<void>((r) => {
        release = r;
      });
    });
    const first = scheduler.run('slow');
    assert.equal(await scheduler.run('slow'), 'skipped');
    assert.equal(scheduler.list()[0].running, true);
    release();
    assert.equal(await first, 'ok');
    assert.equal(runs, 1);
    assert.match(
      await metrics.registry.metrics(),
      /quorra_scheduler_job_runs_total\{job="slow",outcome="skipped"\} 1/,
    );
  });

  it('records a failing run without throwing and keeps the job', async () => {
    scheduler.add('0 0 1 1 *', 'broken', () => {
      throw new Error('disk on fire');
    });
    assert.equal(await scheduler.run('broken'), 'error');
    const [job] = scheduler.list();
    assert.equal(job.lastOutcome, 'error');
    assert.equal(job.lastError, 'disk on fire');
    assert.ok(job.nextRunAt);
  });

  it('refuses duplicate names and invalid cron expressions with codes', () => {
    scheduler.add('* * * * *', 'a', () => undefined);
    assert.throws(() => scheduler.add('* * * * *', 'a', () => undefined), { code: 'QUORRA_DUPLICATE_JOB' });
    assert.throws(() => scheduler.add('not a cron', 'b', () => undefined), { code: 'QUORRA_INVALID_CRON' });
  });

  it('removes a job when its disposable is disposed', async () => {
    const d = scheduler.add('* * * * *', 'gone', () => undefined);
    await d.dispose();
    assert.deepEqual(scheduler.list(), []);
  });
});
