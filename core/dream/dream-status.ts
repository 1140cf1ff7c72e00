// What Dream reports about itself: the owner's JSON status and the short text of `!quorra dream`.
import type { DataSource } from 'typeorm';
import { fromDbTime } from '../db/sql-values.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import type { DreamFlags } from './dream-flags.ts';
import type { RunRecord } from './dream-runs.ts';
import type { DreamService } from './dream-service.ts';
import { sliceKey, sliceLabel, workspaceKey } from './dream-slice.ts';
import type { RetiredNote } from './note-retries.ts';
import type { Review } from './reconcile.ts';
import { COUNTER_COLUMNS, type CounterColumn, type RunCounters } from './run-counters.ts';

/** One slice's progress. */
export interface SliceProgress {
  slice: NoteSlice;
  cursor: {
    seq: number;
    lastOccurredAt: Date | null;
    lastNoteId: number | null;
    updatedAt: Date | null;
  } | null;
  notesTotal: number;
  notesConsumed: number;
  retryQueue: number;
}

type Row = Record<string, unknown>;

/** Every slice with notes or a cursor, with its counts; `owner` narrows to one user's private slices. */
export async function sliceProgress(db: DataSource, owner?: string): Promise<SliceProgress[]> {
  const rows: Row[] = await db.query(
    'SELECT n.workspace, n.visibility, n.owner_user_id, count(*) AS total,' +
      ' sum(CASE WHEN n.seq <= coalesce(c.last_seq, 0) THEN 1 ELSE 0 END) AS consumed FROM notes n' +
      ' LEFT JOIN dream_cursor c ON c.visibility = n.visibility AND c.workspace IS NOT DISTINCT FROM n.workspace' +
      ' AND c.owner_user_id IS NOT DISTINCT FROM n.owner_user_id GROUP BY n.workspace, n.visibility, n.owner_user_id',
  );
  const cursors: Row[] = await db.query('SELECT * FROM dream_cursor');
  const retries: Row[] = await db.query(
    'SELECT slice_key, count(*) AS n FROM dream_note_attempts GROUP BY slice_key',
  );
  const retryBy = new Map(retries.map((r) => [String(r.slice_key), Number(r.n)]));
  const out = new Map<string, SliceProgress>();
  const sliceOf = (r: Row): NoteSlice => ({
    workspace: (r.workspace as string | null) ?? null,
    visibility: r.visibility as NoteSlice['visibility'],
    ownerUserId: (r.owner_user_id as string | null) ?? null,
  });
  for (const r of rows) {
    const slice = sliceOf(r);
    out.set(sliceKey(slice), {
      slice,
      cursor: null,
      notesTotal: Number(r.total),
      notesConsumed: Number(r.consumed ?? 0),
      retryQueue: retryBy.get(sliceKey(slice)) ?? 0,
    });
  }
  for (const c of cursors) {
    const slice = sliceOf(c);
    const key = sliceKey(slice);
    const entry = out.get(key) ?? { slice, cursor: null, notesTotal: 0, notesConsumed: 0, retryQueue: 0 };
    entry.cursor = {
      seq: Number(c.last_seq),
      lastOccurredAt: fromDbTime(c.last_occurred_at),
      lastNoteId: c.last_note_id === null ? null : Number(c.last_note_id),
      updatedAt: fromDbTime(c.updated_at),
    };
    out.set(key, entry);
  }
  return [...out.values()]
    .filter((p) => owner === undefined || p.slice.ownerUserId === owner)
    .sort((a, b) => sliceKey(a.slice).localeCompare(sliceKey(b.slice)));
}

const wireSlice = (s: NoteSlice) => ({
  workspace: workspaceKey(s.workspace),
  visibility: s.visibility,
  owner_user_id: s.ownerUserId,
});

/** A run as JSON (the report text has its own endpoint). */
export function runWire(r: RunRecord) {
  return {
    id: r.id,
    slice: wireSlice(r.slice),
    cause: r.cause,
    status: r.status,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
    ...(Object.fromEntries(
      Object.entries(COUNTER_COLUMNS).map(([k, col]) => [col, r.counters[k as keyof RunCounters]]),
    ) as Record<CounterColumn, number>),
    error: r.error,
  };
}

export const flagsWire = (f: DreamFlags) => ({
  workspace: f.workspace,
  enabled: f.enabled,
  allow_llm_text: f.allowLlmText,
  enrolled: f.enrolled,
  semantic_dedup: f.semanticDedup,
  sources: {
    allow_llm_text: f.sources.allowLlmText,
    enrolled: f.sources.enrolled,
    semantic_dedup: f.sources.semanticDedup,
  },
  ...(f.error ? { error: f.error } : {}),
});

export const retiredWire = (n: RetiredNote) => ({
  id: n.id,
  note_id: n.noteId,
  note_seq: n.noteSeq,
  slice: wireSlice(n.slice),
  attempts: n.attempts,
  reason: n.reason,
  detail: n.detail,
  run_id: n.runId,
  retired_at: n.retiredAt,
});

export const reviewWire = (v: Review) => ({
  id: v.id,
  run_id: v.runId,
  slice: wireSlice(v.slice),
  kind: v.kind,
  subject: v.subject,
  older: v.older,
  newer: v.newer,
  valid_until: v.validUntil,
  status: v.status,
  created_at: v.createdAt,
});

/** The owner's full status: switches per workspace, every slice, recent runs, retired notes, open reviews. */
export async function dreamStatus(
  db: DataSource,
  dream: DreamService,
  schedule?: { cron: string; next?: string },
) {
  const r = dream.runner;
  const [flags, slices, recent, retired, reviews] = await Promise.all([
    dream.allFlags(),
    sliceProgress(db),
    r.runs.recent(20),
    r.retries.retired(50),
    r.reconciler.openReviews(50),
  ]);
  const d = dream.deps.defaults;
  return {
    enabled: flags.some((f) => f.enabled),
    running: dream.running,
    schedule: schedule ? { cron: schedule.cron, next_run_at: schedule.next ?? null } : null,
    defaults: { allow_llm_text: d.allowLlmText, workspaces: d.workspaces, semantic_dedup: d.semanticDedup },
    workspaces: flags.map(flagsWire),
    slices: slices.map((s) => ({
      key: sliceKey(s.slice),
      ...wireSlice(s.slice),
      cursor: s.cursor
        ? {
            seq: s.cursor.seq,
            last_occurred_at: s.cursor.lastOccurredAt,
            last_note_id: s.cursor.lastNoteId,
            updated_at: s.cursor.updatedAt,
          }
        : null,
      notes_total: s.notesTotal,
      notes_consumed: s.notesConsumed,
      notes_pending: s.notesTotal - s.notesConsumed,
      retry_queue: s.retryQueue,
    })),
    last_run: recent[0] ? runWire(recent[0]) : null,
    recent_runs: recent.map(runWire),
    retired_notes: retired.map(retiredWire),
    reviews: reviews.map(reviewWire),
  };
}

/** The short status of `!quorra dream`: the owner sees every slice, a member only their own. */
export async function dreamStatusText(
  db: DataSource,
  dream: DreamService,
  viewer: { userId: string; role: 'owner' | 'member' },
): Promise<string> {
  const owner = viewer.role === 'owner';
  const flags = await dream.allFlags();
  const on = flags
    .filter((f) => f.enabled)
    .map((f) => `${f.workspace}${f.semanticDedup ? ' (semantic)' : ''}`);
  const slices = await sliceProgress(db, owner ? undefined : viewer.userId);
  const runs = await dream.runner.runs.recent(1, owner ? undefined : [viewer.userId]);
  const retired = await dream.runner.retries.retired(1000, owner ? undefined : [viewer.userId]);
  const lines = [
    on.length > 0
      ? `Dream is on for: ${on.join(', ')}.`
      : 'Dream is off (no workspace is both enrolled and allowed).',
  ];
  if (dream.running) lines.push('A run is in progress.');
  for (const s of slices.slice(0, 10)) {
    lines.push(`- ${sliceLabel(s.slice)}: ${s.notesConsumed} of ${s.notesTotal} notes consumed`);
  }
  if (slices.length > 10) lines.push(`- … and ${slices.length - 10} more slices`);
  if (slices.length === 0) lines.push(owner ? 'No notes yet.' : 'No notes of yours yet.');
  const last = runs[0];
  if (last) {
    const c = last.counters;
    lines.push(
      `Last run ${last.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${last.status}, ` +
        `${c.notesRead} notes, ${c.beliefsWritten} new, ${c.corroborated} corroborated, ${c.deduped} unchanged.`,
    );
  }
  if (retired.length > 0) lines.push(`${retired.length} note(s) retired after repeated extraction failures.`);
  return lines.join('\n');
}
