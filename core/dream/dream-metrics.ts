// Prometheus metrics for Dream: one counter per run counter, plus runs, duration, infrastructure stops, deferrals.
import type { Counter, Histogram } from 'prom-client';
import type { Metrics } from '../metrics/metrics.ts';
import type { NoteFailureReason } from './note-retries.ts';
import type { RunCounters } from './run-counters.ts';

/** The metric names, for the README and the report. */
export const DREAM_METRIC_NAMES = [
  'quorra_dream_runs_total',
  'quorra_dream_run_duration_seconds',
  'quorra_dream_notes_read_total',
  'quorra_dream_beliefs_written_total',
  'quorra_dream_beliefs_corroborated_total',
  'quorra_dream_beliefs_deduped_total',
  'quorra_dream_claims_dropped_total',
  'quorra_dream_note_failures_total',
  'quorra_dream_notes_retired_total',
  'quorra_dream_semantic_matches_total',
  'quorra_dream_semantic_fallbacks_total',
  'quorra_dream_contradictions_total',
  'quorra_dream_beliefs_promoted_total',
  'quorra_dream_beliefs_archived_total',
  'quorra_dream_infrastructure_failures_total',
  'quorra_dream_slices_deferred_total',
  'quorra_dream_extraction_batches_total',
  'quorra_dream_batch_notes_alone_total',
] as const;

/** Dream's metrics, declared once per registry. */
export class DreamMetrics {
  readonly runs: Counter<'status'>;
  readonly duration: Histogram<'status'>;
  private readonly plain: Record<string, Counter<string>>;
  readonly dropped: Counter<'reason'>;
  readonly failures: Counter<'reason'>;
  readonly retired: Counter<'reason'>;
  readonly infrastructure: Counter<'kind'>;
  readonly deferred: Counter<string>;
  readonly batches: Counter<string>;
  readonly alone: Counter<string>;

  constructor(metrics: Metrics) {
    this.runs = metrics.counter('quorra_dream_runs_total', 'Dream slice runs by final status', ['status']);
    this.duration = metrics.histogram(
      'quorra_dream_run_duration_seconds',
      'Dream slice run duration',
      ['status'],
      [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    );
    const c = (name: string, help: string) => metrics.counter(name, help);
    this.plain = {
      notesRead: c('quorra_dream_notes_read_total', 'Notes Dream sent to extraction'),
      beliefsWritten: c('quorra_dream_beliefs_written_total', 'New beliefs Dream wrote'),
      corroborated: c('quorra_dream_beliefs_corroborated_total', 'Beliefs corroborated by a new source note'),
      deduped: c(
        'quorra_dream_beliefs_deduped_total',
        'Claims that repeated a belief from the same note (noop)',
      ),
      semanticMatches: c(
        'quorra_dream_semantic_matches_total',
        'Near-duplicates only the semantic pass found',
      ),
      semanticFallbacks: c(
        'quorra_dream_semantic_fallbacks_total',
        'Semantic passes that fell back to Jaccard on an embedder failure',
      ),
      contradictions: c('quorra_dream_contradictions_total', 'Contradicting belief pairs put to the owner'),
      promoted: c('quorra_dream_beliefs_promoted_total', 'Beliefs promoted from contextual to core'),
      archived: c('quorra_dream_beliefs_archived_total', 'Orphan beliefs archived'),
    };
    this.dropped = metrics.counter('quorra_dream_claims_dropped_total', 'Claims dropped before dedup', [
      'reason',
    ]);
    this.failures = metrics.counter('quorra_dream_note_failures_total', 'Failed extraction attempts', [
      'reason',
    ]);
    this.retired = metrics.counter(
      'quorra_dream_notes_retired_total',
      'Notes retired after their last attempt',
      ['reason'],
    );
    this.infrastructure = metrics.counter(
      'quorra_dream_infrastructure_failures_total',
      'Dream passes stopped by an infrastructure failure (cursor held)',
      ['kind'],
    );
    this.deferred = metrics.counter(
      'quorra_dream_slices_deferred_total',
      'Private slices left for a later run by the per-run user cap',
    );
    this.batches = c('quorra_dream_extraction_batches_total', 'Extraction calls that carried several notes');
    this.alone = c(
      'quorra_dream_batch_notes_alone_total',
      'Notes a batch answer left out (or a failed batch call), extracted again on their own',
    );
  }

  /** Counts one batch call of `notes` notes of which `answered` came back usable. */
  batch(notes: number, answered: number): void {
    this.batches.inc();
    if (notes > answered) this.alone.inc(notes - answered);
  }

  /** Adds a finished run's counters (dropped/failed/retired are counted as they happen, with their reason). */
  recordRun(counters: RunCounters, status: string, seconds: number): void {
    for (const [key, counter] of Object.entries(this.plain)) {
      const n = counters[key as keyof RunCounters];
      if (n > 0) counter.inc(n);
    }
    this.runs.inc({ status });
    this.duration.observe({ status }, seconds);
  }

  /** Counts one claim dropped before dedup. */
  drop(reason: 'no_quote' | 'echo' | 'invalid', n = 1): void {
    if (n > 0) this.dropped.inc({ reason }, n);
  }

  /** Counts one failed attempt and, when it was the last, the retirement. */
  failure(reason: NoteFailureReason, retired: boolean): void {
    this.failures.inc({ reason });
    if (retired) this.retired.inc({ reason });
  }
}
