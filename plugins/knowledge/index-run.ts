// The bookkeeping of index runs: per-file outcomes, a full pass's totals and its live progress.
import type { z } from 'zod';
import type { runProgressSchema, runSummarySchema } from './knowledge-wire.ts';

/** What happened to one file. `failed` = a transient error (embedder or store); the file is retried later. */
export interface FileOutcome {
  path: string;
  status: 'indexed' | 'unchanged' | 'removed' | 'skipped' | 'ignored' | 'failed';
  reason?: string;
  message?: string;
  chunks?: number;
}

/** Totals of one full pass (its wire schema is the type, so the status route and the UI agree). */
export type RunSummary = z.output<typeof runSummarySchema>;

/** Progress of the pass that is running now. */
export type RunProgress = z.output<typeof runProgressSchema>;

/** An empty summary for a pass that starts now. */
export function newSummary(trigger: string, started: number): RunSummary {
  return {
    trigger,
    startedAt: new Date(started).toISOString(),
    finishedAt: '',
    durationMs: 0,
    files: 0,
    indexed: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    failed: 0,
    chunksWritten: 0,
    skippedByReason: {},
  };
}

/** Adds one file's outcome to a pass's totals. */
export function tally(summary: RunSummary, o: FileOutcome): void {
  if (o.status === 'indexed') {
    summary.indexed++;
    summary.chunksWritten += o.chunks ?? 0;
  } else if (o.status === 'unchanged') summary.unchanged++;
  else if (o.status === 'removed') summary.removed++;
  else if (o.status === 'skipped' || o.status === 'failed') {
    summary[o.status]++;
    summary.skippedByReason[o.reason!] = (summary.skippedByReason[o.reason!] ?? 0) + 1;
  }
}
