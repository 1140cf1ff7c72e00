// GET /brain/dream/status (owner): recent runs, per-slice progress and switches; a 404 means no Dream on this server.
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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => Number(v ?? 0) || 0;
const str = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** A readable slice label, `personal · private · alice`, from a slice object (or a row carrying its fields). */
export function sliceLabel(s: unknown): string {
  if (!isObj(s)) return 'unknown slice';
  const owner = str(s.owner_user_id ?? s.ownerUserId);
  return [str(s.workspace) ?? 'personal', str(s.visibility), owner].filter(Boolean).join(' · ');
}

/** Normalises one run of `recent_runs` (snake_case counters beside the run's fields). */
export function toRunView(o: Obj): DreamRunView {
  return {
    id: num(o.id),
    slice: sliceLabel(o.slice),
    status: str(o.status) ?? 'unknown',
    cause: str(o.cause) ?? '',
    startedAt: str(o.started_at),
    finishedAt: str(o.finished_at),
    notesRead: num(o.notes_read),
    beliefsWritten: num(o.beliefs_written),
    corroborated: num(o.corroborated),
    deduped: num(o.deduped),
    dropped: num(o.dropped_no_quote) + num(o.dropped_echo) + num(o.claims_invalid),
    retired: num(o.notes_retired),
    errors: num(o.note_failures),
    error: str(o.error),
  };
}

/** Normalises one entry of `slices` (its cursor may be null before the first run). */
export function toSliceView(o: Obj): DreamSliceView {
  const cursor = isObj(o.cursor) ? o.cursor : null;
  const total = num(o.notes_total);
  const consumed = num(o.notes_consumed);
  return {
    slice: sliceLabel(o),
    consumed,
    total,
    pending: o.notes_pending === undefined ? Math.max(0, total - consumed) : num(o.notes_pending),
    lastSeq: cursor ? num(cursor.seq) : null,
    retryQueue: num(o.retry_queue),
    updatedAt: cursor ? str(cursor.updated_at) : null,
  };
}

/** Normalises the whole status answer. */
export function toDreamStatus(body: unknown): DreamStatus {
  const b = isObj(body) ? body : {};
  const runs = list(b.recent_runs).map(toRunView);
  if (runs.length === 0 && isObj(b.last_run)) runs.push(toRunView(b.last_run));
  return {
    available: true,
    enabled: b.enabled === true,
    running: b.running === true,
    nextRunAt: isObj(b.schedule) ? str(b.schedule.next_run_at) : null,
    runs,
    slices: list(b.slices).map(toSliceView),
    retiredNotes: list(b.retired_notes).length,
    openReviews: list(b.reviews).length,
  };
}

/** Reads Dream's status; a 404 (no such endpoint on this server) is `available: false`, never an error. */
export async function fetchDreamStatus(): Promise<DreamStatus> {
  try {
    return toDreamStatus(await apiRequest<unknown>('/brain/dream/status'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { available: false };
    throw err;
  }
}

/** The readable (Markdown) report of one run. */
export function fetchRunReport(id: number): Promise<string> {
  return apiText(`/brain/dream/runs/${id}/report`);
}
