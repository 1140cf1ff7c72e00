// GET /brain/dream/status (owner): recent runs, per-slice progress and switches; a 404 means no Dream on this server.
import type { z } from 'zod';
import type { runSchema, sliceSchema, statusSchema } from '../../../core/dream/dream-wire.ts';
import { ApiError, apiRequest, apiText } from './api-client.ts';

/** One Dream run, reduced to what the timeline shows. */
export interface DreamRunView {
  id: number;
  slice: string;
  status: string;
  cause: string;
  startedAt: string | null;
  finishedAt: string | null;
  notesRead: number;
  beliefsWritten: number;
  corroborated: number;
  deduped: number;
  /** Claims dropped: no supporting quote, an echo of Quorra's own words, or invalid. */
  dropped: number;
  retired: number;
  /** Failed extraction attempts (retried in a later run). */
  errors: number;
  error: string | null;
}

/** How far Dream has read one slice of the notes log. */
export interface DreamSliceView {
  slice: string;
  consumed: number;
  total: number;
  pending: number;
  lastSeq: number | null;
  retryQueue: number;
  updatedAt: string | null;
}

/** Dream's status, or `available: false` when this server has no Dream. */
export type DreamStatus =
  | { available: false }
  | {
      available: true;
      enabled: boolean;
      running: boolean;
      nextRunAt: string | null;
      runs: DreamRunView[];
      slices: DreamSliceView[];
      retiredNotes: number;
      openReviews: number;
    };

/** The route's zod schemas are the wire types: a changed reply breaks this module's type check. */
type StatusWire = z.input<typeof statusSchema>;
type RunWire = z.input<typeof runSchema>;
type SliceWire = StatusWire['slices'][number];

/** A readable slice label, `personal · private · alice`, from a slice on the wire. */
export function sliceLabel(s: z.input<typeof sliceSchema>): string {
  return [s.workspace || 'personal', s.visibility, s.owner_user_id].filter(Boolean).join(' · ');
}

/** One run of `recent_runs`, reduced to what the timeline shows. */
export function toRunView(o: RunWire): DreamRunView {
  return {
    id: o.id,
    slice: sliceLabel(o.slice),
    status: o.status,
    cause: o.cause,
    startedAt: o.started_at,
    finishedAt: o.finished_at,
    notesRead: o.notes_read,
    beliefsWritten: o.beliefs_written,
    corroborated: o.corroborated,
    deduped: o.deduped,
    dropped: o.dropped_no_quote + o.dropped_echo + o.claims_invalid,
    retired: o.notes_retired,
    errors: o.note_failures,
    error: o.error,
  };
}

/** One entry of `slices` (its cursor is null before the first run). */
export function toSliceView(o: SliceWire): DreamSliceView {
  return {
    slice: sliceLabel(o),
    consumed: o.notes_consumed,
    total: o.notes_total,
    pending: o.notes_pending,
    lastSeq: o.cursor ? o.cursor.seq : null,
    retryQueue: o.retry_queue,
    updatedAt: o.cursor?.updated_at ?? null,
  };
}

/** The whole status answer as the page shows it. */
export function toDreamStatus(b: StatusWire): DreamStatus {
  const runs = b.recent_runs.map(toRunView);
  if (runs.length === 0 && b.last_run) runs.push(toRunView(b.last_run));
  return {
    available: true,
    enabled: b.enabled,
    running: b.running,
    nextRunAt: b.schedule?.next_run_at ?? null,
    runs,
    slices: b.slices.map(toSliceView),
    retiredNotes: b.retired_notes.length,
    openReviews: b.reviews.length,
  };
}

/** Reads Dream's status; a 404 (no such endpoint on this server) is `available: false`, never an error. */
export async function fetchDreamStatus(): Promise<DreamStatus> {
  try {
    return toDreamStatus(await apiRequest<StatusWire>('/brain/dream/status'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { available: false };
    throw err;
  }
}

/** The readable (Markdown) report of one run. */
export function fetchRunReport(id: number): Promise<string> {
  return apiText(`/brain/dream/runs/${id}/report`);
}
