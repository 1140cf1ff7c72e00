// The notes log: append-only intake of raw material, ordered by a monotonic ingestion sequence number.
import type { DataSource } from 'typeorm';
import type { Principal } from '../contracts/principal.ts';
import { atomically, forUpdate, nullableEq, type Steps, sql, toDbTime } from '../db/sql-values.ts';
import { toNote } from './memory-row.ts';
import type { Note } from './note.entity.ts';
import {
  type NoteAppend,
  type NoteSlice,
  noteAppendSchema,
  noteSliceSchema,
  noteTextSchema,
} from './note-input.ts';

/** One chat turn: the user's message and Quorra's reply, in a workspace (null = personal chat). */
export interface ChatTurn {
  workspace: string | null;
  /** Private to the speaker (default) or household-wide within the workspace. */
  visibility?: 'private' | 'workspace';
  userText: string;
  /** Quorra's answer; null keeps the person's words only (scopes such as finance). */
  reply: string | null;
  occurredAt?: Date;
  /** The surface's id for the turn (a Matrix event id, a session/turn id). */
  sourceId?: string | null;
}

type Row = Record<string, unknown>;

/**
 * Takes the next sequence number from the single-row counter. A counter rather than MAX(seq)+1 so a number is
 * never handed out twice, even after the newest note is removed; callers run it inside `atomically` so the
 * allocation and the write that uses it are one step no reader can see half of.
 */
function* nextSeq(): Steps<number> {
  const row = yield sql('UPDATE note_sequence SET last_seq = last_seq + 1 WHERE id = 1 RETURNING last_seq');
  if (!row) throw new Error('note_sequence has no counter row; is the memory migration applied?');
  return Number(row.last_seq);
}

/** The notes log over SQLite. Reads here serve consolidation (per tenant slice), never a prompt directly. */
export class NotesLog {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Validates and appends a note with the next sequence number (ZodError and nothing written on bad input). */
  async append(input: NoteAppend): Promise<Note> {
    const row = await atomically(this.db, this.appendSteps(input));
    return toNote(row as Row);
  }

  /**
   * The statements that append a note, validated now (ZodError on bad input), for a transaction of the caller's: a
   * chat turn's note is written in the turn's own commit.
   */
  appendSteps(input: NoteAppend): () => Steps<Row | undefined> {
    const n = noteAppendSchema.parse(input);
    const t = toDbTime(this.now());
    return function* (): Steps<Row | undefined> {
      return yield sql(
        'INSERT INTO notes (seq, workspace, visibility, owner_user_id, source_kind, source_id, occurred_at, text,' +
          ' created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
        yield* nextSeq(),
        n.slice.workspace,
        n.slice.visibility,
        n.slice.ownerUserId,
        n.sourceKind,
        n.sourceId,
        n.occurredAt ? toDbTime(n.occurredAt) : t,
        n.text,
        t,
      );
    };
  }

  /**
   * Records a chat turn as a note in the speaker's slice. A guest (reservation principal) has no place in the
   * household's notes: their turns are refused here and null is returned, nothing written.
   */
  async recordTurn(principal: Principal, turn: ChatTurn): Promise<Note | null> {
    const steps = this.turnSteps(principal, turn);
    return steps ? toNote((await atomically(this.db, steps)) as Row) : null;
  }

  /** recordTurn's statements for the turn's own transaction; null for a guest, whose turns are never noted. */
  turnSteps(principal: Principal, turn: ChatTurn): (() => Steps<Row | undefined>) | null {
    if (principal.kind !== 'user') return null;
    const visibility = turn.visibility ?? 'private';
    return this.appendSteps({
      slice: {
        workspace: turn.workspace,
        visibility,
        ownerUserId: visibility === 'private' ? principal.userId : null,
      },
      sourceKind: 'chat_turn',
      sourceId: turn.sourceId ?? null,
      occurredAt: turn.occurredAt,
      text: `User (${principal.displayName}): ${turn.userText.trim()}${turn.reply === null ? '' : `\nQuorra: ${turn.reply.trim()}`}`,
    });
  }

  /** Replaces a note's text and moves it to the end of the sequence, so readers past its old position see it. */
  async edit(id: number, text: string): Promise<Note | null> {
    const body = noteTextSchema.parse(text);
    const t = toDbTime(this.now());
    const lock = forUpdate(this.db);
    const row = await atomically(this.db, function* (): Steps<Row | undefined> {
      if (!(yield sql(`SELECT 1 AS found FROM notes WHERE id = ?${lock}`, id))) return undefined;
      return yield sql(
        'UPDATE notes SET text = ?, seq = ?, edited_at = ? WHERE id = ? RETURNING *',
        body,
        yield* nextSeq(),
        t,
        id,
      );
    });
    return row ? toNote(row as Row) : null;
  }

  /** One note by id. */
  async get(id: number): Promise<Note | null> {
    const rows: Row[] = await this.db.query('SELECT n.* FROM notes n WHERE n.id = ?', [id]);
    return rows.length > 0 ? toNote(rows[0]) : null;
  }

  /** Up to `limit` (1..1000) notes of one slice with seq > `afterSeq`, in ingestion order. */
  async readAfter(slice: NoteSlice, afterSeq: number, limit: number): Promise<Note[]> {
    const s = noteSliceSchema.parse(slice);
    const ws = nullableEq('n.workspace', s.workspace);
    const owner = nullableEq('n.owner_user_id', s.ownerUserId);
    const rows: Row[] = await this.db.query(
      `SELECT n.* FROM notes n WHERE ${ws.sql} AND n.visibility = ? AND ${owner.sql} AND n.seq > ?` +
        ' ORDER BY n.seq LIMIT ?',
      [
        ...ws.params,
        s.visibility,
        ...owner.params,
        Math.max(0, Math.trunc(afterSeq)),
        Math.min(1000, Math.max(1, Math.trunc(limit))),
      ],
    );
    return rows.map(toNote);
  }

  /** Every slice that holds at least one note (the consolidation pass walks them). */
  async slices(): Promise<NoteSlice[]> {
    const rows: Row[] = await this.db.query(
      'SELECT DISTINCT workspace, visibility, owner_user_id FROM notes ORDER BY workspace, visibility, owner_user_id',
    );
    return rows.map((r) => ({
      workspace: (r.workspace as string | null) ?? null,
      visibility: r.visibility as NoteSlice['visibility'],
      ownerUserId: (r.owner_user_id as string | null) ?? null,
    }));
  }

  /** The highest sequence number handed out so far (0 when the log is empty). */
  async latestSeq(): Promise<number> {
    const rows: Row[] = await this.db.query('SELECT last_seq FROM note_sequence WHERE id = 1');
    return rows.length > 0 ? Number(rows[0].last_seq) : 0;
  }

  /** Removes a note for good (an owner's privacy action); memories citing it may become orphans. */
  async remove(id: number): Promise<boolean> {
    const rows: Row[] = await this.db.query('DELETE FROM notes WHERE id = ? RETURNING id', [id]);
    return rows.length > 0;
  }
}
