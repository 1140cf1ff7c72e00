// Named cron jobs over node-schedule: never two runs of one job at once, every run measured.
import schedule from 'node-schedule';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

type Outcome = 'ok' | 'error' | 'skipped';

/** A job as the scheduler reports it (for /health and the admin UI). */
export interface JobInfo {
  name: string;
  /** What the job does, in the owner's words (the Overview shows this, the name only on hover). */
  about?: string;
  cron: string;
  owner: string;
  running: boolean;
  lastStartedAt?: string;
  lastOutcome?: Outcome;
  lastError?: string;
  nextRunAt?: string;
}

interface Job extends JobInfo {
  fn: () => Promise<void> | void;
  handle?: schedule.Job;
  current?: Promise<void>;
}

/** Runs named jobs on cron expressions and keeps their state. */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly duration;
  private readonly runs;

  constructor(
    private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.duration = metrics.histogram('quorra_scheduler_job_duration_seconds', 'Scheduled job run time', [
      'job',
      'outcome',
    ]);
    this.runs = metrics.counter('quorra_scheduler_job_runs_total', 'Scheduled job runs by outcome', [
      'job',
      'outcome',
    ]);
  }

  /** Adds a job; the name must be unique (plugins get `<id>.<name>`). Dispose cancels it. */
  add(
    cron: string,
    name: string,
    fn: () => Promise<void> | void,
    opts: { owner?: string; about?: string } = {},
  ): Disposable {
    if (this.jobs.has(name))
      throw new QuorraError('QUORRA_DUPLICATE_JOB', `job "${name}" is already scheduled`);
    const job: Job = { name, cron, owner: opts.owner ?? 'core', fn, running: false };
    if (opts.about) job.about = opts.about;
    const handle = schedule.scheduleJob(name, cron, () => void this.run(name));
    if (!handle)
      throw new QuorraError('QUORRA_INVALID_CRON', `job "${name}" has an invalid cron expression "${cron}"`);
    job.handle = handle;
    this.jobs.set(name, job);
    return toDisposable(async () => {
      job.handle?.cancel();
      this.jobs.delete(name);
      await job.current;
    });
  }

  /** Runs a job now unless it is already running; resolves with the outcome. */
  async run(name: string): Promise<Outcome> {
    const job = this.jobs.get(name);
    if (!job) throw new QuorraError('QUORRA_UNKNOWN_JOB', `no job named "${name}"`);
    if (job.running) {
      this.runs.inc({ job: name, outcome: 'skipped' });
      this.logger.warn({ job: name }, 'job still running; this tick is skipped');
      return 'skipped';
    }
    job.running = true;
    job.lastStartedAt = new Date().toISOString();
    const end = this.duration.startTimer({ job: name });
    let outcome: Outcome = 'ok';
    job.current = (async () => {
      try {
        await job.fn();
        job.lastError = undefined;
      } catch (err) {
        outcome = 'error';
        job.lastError = (err as Error).message;
        this.logger.error({ job: name, err }, 'scheduled job failed');
      }
    })();
    await job.current;
    job.running = false;
    job.current = undefined;
    job.lastOutcome = outcome;
    end({ outcome });
    this.runs.inc({ job: name, outcome });
    return outcome;
  }

  /** Lists jobs with their state and next run time. */
  list(): JobInfo[] {
    return [...this.jobs.values()].map(({ fn: _fn, handle, current: _c, ...info }) => ({
      ...info,
      nextRunAt: handle?.nextInvocation()?.toISOString(),
    }));
  }

  /** Cancels every job and waits for running ones to finish. */
  async stop(): Promise<void> {
    const running = [...this.jobs.values()].map((j) => {
      j.handle?.cancel();
      return j.current;
    });
    this.jobs.clear();
    await Promise.allSettled(running);
  }
}
