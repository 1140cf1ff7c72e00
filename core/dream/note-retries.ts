// Notes whose extraction failed: retried once per run up to the attempt limit, then retired loudly and kept.
import type { DataSource } from 'typeorm';
import { fromDbTime, toDbTime } from '../db/sql-values.ts';
import type { Note } from '../memory/note.entity.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import { sliceColumns, sliceKey } from './dream-slice.ts';

/** Why a note's extraction failed (a note-level failure, never an infrastructure one). */
export type NoteFailureReason = 'malformed' | 'timeout' | 'rejected';

/** A note waiting for another attempt. */
export interface PendingAttempt {
  noteId: number;
  noteSeq: number;
  attempts: number;
  lastReason: NoteFailureReason;
}

/** A retired note as the status endpoint lists it. */
export interface RetiredNote {
  id: number;
  noteId: number;
  noteSeq: number;
  slice: NoteSlice;
  attempts: number;
  reason: NoteFailureReason;
  detail: string;
  runId: number | null;
  retiredAt: Date;
}

type Row = Record<string, unknown>;

/** Reads and writes dream_note_attempts and dream_retired_notes. */
export class NoteRetries {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The slice's notes waiting for another attempt, oldest position first. */
  async pending(slice: NoteSlice, limit = 1000): Promise<PendingAttempt[]> {
    const rows: Row[] = await this.db.query(
      'SELECT note_id, note_seq, attempts, last_reason FROM dream_note_attempts WHERE slice_key = ?' +
        ' ORDER BY note_seq LIMIT ?',
      [sliceKey(slice), limit],
    );
    return rows.map((r) => ({
      noteId: Number(r.note_id),
      noteSeq: Number(r.note_seq),
      attempts: Number(r.attempts),
      lastReason: r.last_reason as NoteFailureReason,
    }));
  }

  /** How many notes of a slice wait for another attempt. */
  async count(slice: NoteSlice): Promise<number> {
    const rows: Row[] = await this.db.query(
      'SELECT count(*) AS n FROM dream_note_attempts WHERE slice_key = ?',
      [sliceKey(slice)],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Which of these notes (by id and current seq) are already queued or retired. A batch re-read after a crash
   * skips them: they belong to the retry queue (or are done), and another attempt now would be counted twice.
   */
  async known(notes: Pick<Note, 'id' | 'seq'>[]): Promise<Set<number>> {
    if (notes.length === 0) return new Set();
    const pairs = notes.map(() => '(CAST(? AS INTEGER), CAST(? AS INTEGER))').join(', ');
    const params = notes.flatMap((n) => [n.id, n.seq]);
    const rows: Row[] = await this.db.query(
      `WITH b(id, seq) AS (VALUES ${pairs}) SELECT b.id FROM b WHERE` +
        ' EXISTS (SELECT 1 FROM dream_note_attempts a WHERE a.note_id = b.id AND a.note_seq = b.seq)' +
        ' OR EXISTS (SELECT 1 FROM dream_retired_notes r WHERE r.note_id = b.id AND r.note_seq = b.seq)',
      params,
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Counts one failed attempt (a re-sequenced note starts from zero) and returns the attempts so far. */
  async recordFailure(
    note: Pick<Note, 'id' | 'seq'>,
    slice: NoteSlice,
    reason: NoteFailureReason,
    detail: string,
  ): Promise<number> {
    const rows: Row[] = await this.db.query(
      'INSERT INTO dream_note_attempts (note_id, note_seq, slice_key, attempts, last_reason, last_error,' +
        ' last_attempt_at) VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT(note_id) DO UPDATE SET' +
        ' attempts = CASE WHEN dream_note_attempts.note_seq = excluded.note_seq THEN dream_note_attempts.attempts + 1' +
        ' ELSE 1 END,' +
        ' note_seq = excluded.note_seq, slice_key = excluded.slice_key, last_reason = excluded.last_reason,' +
        ' last_error = excluded.last_error, last_attempt_at = excluded.last_attempt_at RETURNING attempts',
      [note.id, note.seq, sliceKey(slice), reason, detail.slice(0, 2000), toDbTime(this.now())],
    );
    return Number(rows[0].attempts);
  }

  /** Forgets a note's failed attempts (it succeeded, was edited or was removed). */
  async clear(noteId: number): Promise<void> {
    await this.db.query('DELETE FROM dream_note_attempts WHERE note_id = ?', [noteId]);
  }

  /** Retires a note for good with its reason: recorded, then dropped from the retry queue. */
  async retire(
    note: Pick<Note, 'id' | 'seq'>,
    slice: NoteSlice,
    attempts: number,
    reason: NoteFailureReason,
    detail: string,
    runId: number | null,
  ): Promise<void> {
    const [key, workspace, visibility, owner] = sliceColumns(slice);
    await this.db.query(
      'INSERT INTO dream_retired_notes (note_id, note_seq, slice_key, workspace, visibility,' +
        ' owner_user_id, attempts, reason, detail, run_id, retired_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)' +
        ' ON CONFLICT DO NOTHING',
      [
        note.id,
        note.seq,
        key,
        workspace,
        visibility,
        owner,
        attempts,
        reason,
        detail.slice(0, 2000),
        runId,
        toDbTime(this.now()),
      ],
    );
    await this.clear(note.id);
  }

  /** Retired notes, newest first; `owners` narrows to those users' private slices, `beforeId` pages. */
  async retired(limit = 50, owners?: string[], beforeId?: number): Promise<RetiredNote[]> {
    const where = [
      ...(owners ? [`owner_user_id IN (${owners.map(() => '?').join(', ') || 'NULL'})`] : []),
      ...(beforeId !== undefined ? ['id < ?'] : []),
    ];
    const rows: Row[] = await this.db.query(
      `SELECT * FROM dream_retired_notes${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`,
      [...(owners ?? []), ...(beforeId !== undefined ? [beforeId] : []), limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      noteId: Number(r.note_id),
      noteSeq: Number(r.note_seq),
      slice: {
        workspace: (r.workspace as string | null) ?? null,
        visibility: r.visibility as NoteSlice['visibility'],
        ownerUserId: (r.owner_user_id as string | null) ?? null,
      },
      attempts: Number(r.attempts),
      reason: r.reason as NoteFailureReason,
      detail: String(r.detail ?? ''),
      runId: r.run_id === null ? null : Number(r.run_id),
      retiredAt: fromDbTime(r.retired_at)!,
    }));
  }

  /** How many notes have been retired in all. */
  async retiredCount(): Promise<number> {
    const rows: Row[] = await this.db.query('SELECT count(*) AS n FROM dream_retired_notes');
    return Number(rows[0]?.n ?? 0);
  }
}
