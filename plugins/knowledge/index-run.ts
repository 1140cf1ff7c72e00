// The bookkeeping of index runs: per-file outcomes, a full pass's totals and its live progress.

/** What happened to one file. `failed` = a transient error (embedder or store); the file is retried later. */
export interface FileOutcome {
  path: string;
  status: 'indexed' | 'unchanged' | 'removed' | 'skipped' | 'ignored' | 'failed';
  reason?: string;
  message?: string;
  chunks?: number;
}

/** Totals of one full pass. */
export interface RunSummary {
  trigger: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  files: number;
  indexed: number;
  unchanged: number;
  removed: number;
  skipped: number;
  failed: number;
  chunksWritten: number;
  skippedByReason: Record<string, number>;
}

/** Progress of the pass that is running now. */
export interface RunProgress {
  trigger: string;
  phase: 'scanning' | 'indexing' | 'cleaning';
  startedAt: string;
  total: number;
  done: number;
}

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
