// What one Dream run counts, shared by the run row, the report, the metrics and the status surfaces.

/** Per-run counters (camelCase here, snake_case columns in dream_runs). */
export interface RunCounters {
  notesRead: number;
  beliefsWritten: number;
  corroborated: number;
  /** Near-duplicates from the same source note: nothing to do. */
  deduped: number;
  droppedNoQuote: number;
  /** Claims that restated Quorra's own reply rather than what the person wrote. */
  droppedEcho: number;
  claimsInvalid: number;
  /** Failed extraction attempts (each retried in a later run until retired). */
  noteFailures: number;
  notesRetired: number;
  semanticMatches: number;
  semanticFallbacks: number;
  contradictions: number;
  promoted: number;
  archived: number;
}

/** The counter names in column order. */
export const COUNTER_COLUMNS = {
  notesRead: 'notes_read',
  beliefsWritten: 'beliefs_written',
  corroborated: 'corroborated',
  deduped: 'deduped',
  droppedNoQuote: 'dropped_no_quote',
  droppedEcho: 'dropped_echo',
  claimsInvalid: 'claims_invalid',
  noteFailures: 'note_failures',
  notesRetired: 'notes_retired',
  semanticMatches: 'semantic_matches',
  semanticFallbacks: 'semantic_fallbacks',
  contradictions: 'contradictions',
  promoted: 'promoted',
  archived: 'archived',
} as const satisfies Record<keyof RunCounters, string>;

/** A counter's column (and wire) name. */
export type CounterColumn = (typeof COUNTER_COLUMNS)[keyof RunCounters];

/** A fresh set of counters, all zero. */
export function zeroCounters(): RunCounters {
  return Object.fromEntries(Object.keys(COUNTER_COLUMNS).map((k) => [k, 0])) as unknown as RunCounters;
}

/** Adds b into a (for workspace and tick totals). */
export function addCounters(a: RunCounters, b: RunCounters): RunCounters {
  for (const k of Object.keys(COUNTER_COLUMNS) as (keyof RunCounters)[]) a[k] += b[k];
  return a;
}
