// The end of one slice run: its run row, its report (row and file), its metrics and its log line.
import type { Logger } from '../logger.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import type { DreamMetrics } from './dream-metrics.ts';
import { renderReport, writeReport } from './dream-report.ts';
import type { DreamRuns, RunStatus } from './dream-runs.ts';
import type { RunContext } from './note-consolidation.ts';
import type { RunCounters } from './run-counters.ts';

/** How one slice run ended. */
export interface SliceRun {
  runId: number;
  slice: NoteSlice;
  status: RunStatus;
  counters: RunCounters;
  error: string | null;
  report: string;
}

/** Where a finished run is recorded. */
export interface FinishDeps {
  runs: DreamRuns;
  logger: Logger;
  metrics: DreamMetrics;
  /** Null: the report stays on the run row only. */
  reportDir: string | null;
  now: () => Date;
}

/** Records the run; a failure to record or to write the report is logged, never thrown (the run's work stands). */
export async function finishSliceRun(
  d: FinishDeps,
  r: {
    runId: number;
    slice: NoteSlice;
    startedAt: Date;
    ctx: RunContext;
    status: RunStatus;
    error: string | null;
    cause: string;
    cursorBefore: number;
    cursor: number;
  },
): Promise<SliceRun> {
  const finishedAt = d.now();
  const input = {
    runId: r.runId,
    slice: r.slice,
    cause: r.cause,
    status: r.status,
    startedAt: r.startedAt,
    finishedAt,
    counters: r.ctx.counters,
    error: r.error,
    cursorBefore: r.cursorBefore,
    cursorAfter: r.cursor,
    retired: r.ctx.retired,
    reviews: r.ctx.reviews,
  };
  const report = renderReport(input);
  try {
    await d.runs.finish(r.runId, r.status, r.ctx.counters, r.error, report);
  } catch (err) {
    d.logger.error({ err, runId: r.runId }, 'could not record the Dream run');
  }
  if (d.reportDir) {
    const written = await writeReport(d.reportDir, input, report);
    if (written instanceof Error) d.logger.warn({ err: written }, 'could not write the Dream report');
  }
  d.metrics.recordRun(r.ctx.counters, r.status, (finishedAt.getTime() - r.startedAt.getTime()) / 1000);
  d.logger.info(
    { runId: r.runId, slice: r.slice, status: r.status, ...r.ctx.counters },
    `Dream run ${r.runId} ${r.status}`,
  );
  return {
    runId: r.runId,
    slice: r.slice,
    status: r.status,
    counters: r.ctx.counters,
    error: r.error,
    report,
  };
}
