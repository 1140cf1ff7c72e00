// Durable per-slice cursors over the notes log: a position that only moves forward, one batch at a time.
import type { DataSource } from 'typeorm';
import { fromDbTime, toDbTime } from '../db/sql-values.ts';
import type { Note } from '../memory/note.entity.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import { sliceColumns, sliceKey } from './dream-slice.ts';

/** A cursor as the status endpoint reports it. */
export interface CursorState {
  sliceKey: string;
  slice: NoteSlice;
  lastSeq: number;
  lastOccurredAt: Date | null;
  lastNoteId: number | null;
  lastRunId: number | null;
  updatedAt: Date | null;
}

type Row = Record<string, unknown>;

function toCursor(r: Row): CursorState {
  return {
    sliceKey: String(r.slice_key),
    slice: {
      workspace: (r.workspace as string | null) ?? null,
      visibility: r.visibility as NoteSlice['visibility'],
      ownerUserId: (r.owner_user_id as string | null) ?? null,
    },
    lastSeq: Number(r.last_seq),
    lastOccurredAt: fromDbTime(r.last_occurred_at),
    lastNoteId: r.last_note_id === null ? null : Number(r.last_note_id),
    lastRunId: r.last_run_id === null ? null : Number(r.last_run_id),
    updatedAt: fromDbTime(r.updated_at),
  };
}

/** Reads and advances dream_cursor. */
export class DreamCursors {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The slice's position: every note with seq at or below it is done (0 before the first run). */
  async position(slice: NoteSlice): Promise<number> {
    const rows: Row[] = await this.db.query('SELECT last_seq FROM dream_cursor WHERE slice_key = ?', [
      sliceKey(slice),
    ]);
    return rows.length > 0 ? Number(rows[0].last_seq) : 0;
  }

  /**
   * Moves the cursor to `note` (the last note of a committed batch). max() keeps it monotonic, so a late or
   * repeated advance can never move a slice back and make it reprocess committed batches.
   */
  async advance(slice: NoteSlice, note: Pick<Note, 'id' | 'seq' | 'occurredAt'>, runId: number | null) {
    const [key, workspace, visibility, owner] = sliceColumns(slice);
    await this.db.query(
      'INSERT INTO dream_cursor (slice_key, workspace, visibility, owner_user_id, last_seq, last_occurred_at,' +
        ' last_note_id, last_run_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)' +
        ' ON CONFLICT(slice_key) DO UPDATE SET' +
        // the existing row's columns are named with the table: PostgreSQL would find them ambiguous
        ' last_occurred_at = CASE WHEN excluded.last_seq > dream_cursor.last_seq THEN excluded.last_occurred_at' +
        ' ELSE dream_cursor.last_occurred_at END,' +
        ' last_note_id = CASE WHEN excluded.last_seq > dream_cursor.last_seq THEN excluded.last_note_id' +
        ' ELSE dream_cursor.last_note_id END,' +
        ' last_seq = CASE WHEN excluded.last_seq > dream_cursor.last_seq THEN excluded.last_seq' +
        ' ELSE dream_cursor.last_seq END, last_run_id = excluded.last_run_id,' +
        ' updated_at = excluded.updated_at',
      [
        key,
        workspace,
        visibility,
        owner,
        note.seq,
        toDbTime(note.occurredAt),
        note.id,
        runId,
        toDbTime(this.now()),
      ],
    );
  }

  /** Stamps a slice as visited without moving it (keeps the fair rotation under the user cap honest). */
  async touch(slice: NoteSlice, runId: number | null): Promise<void> {
    const [key, workspace, visibility, owner] = sliceColumns(slice);
    await this.db.query(
      'INSERT INTO dream_cursor (slice_key, workspace, visibility, owner_user_id, last_seq, last_run_id, updated_at)' +
        ' VALUES (?, ?, ?, ?, 0, ?, ?) ON CONFLICT(slice_key) DO UPDATE SET last_run_id = excluded.last_run_id,' +
        ' updated_at = excluded.updated_at',
      [key, workspace, visibility, owner, runId, toDbTime(this.now())],
    );
  }

  /** One slice's cursor, if it has one. */
  async get(slice: NoteSlice): Promise<CursorState | null> {
    const rows: Row[] = await this.db.query('SELECT * FROM dream_cursor WHERE slice_key = ?', [
      sliceKey(slice),
    ]);
    return rows.length > 0 ? toCursor(rows[0]) : null;
  }

  /** Every cursor. */
  async list(): Promise<CursorState[]> {
    const rows: Row[] = await this.db.query('SELECT * FROM dream_cursor ORDER BY slice_key');
    return rows.map(toCursor);
  }
}
