// Corroboration: a memory gains another source note and, with it, a little confidence.
import type { DataSource } from 'typeorm';
import { atomically, forUpdate, type Steps, sql, toDbTime } from '../db/sql-values.ts';
import type { Memory } from './memory.entity.ts';
import { toMemory } from './memory-row.ts';

/**
 * Appends the note id to the memory's sources (once) and raises confidence by `step`, capped at 1, in one
 * transaction with the row locked (PostgreSQL) so two corroborations never lose one another's note. A note
 * already listed changes nothing. Null when the memory does not exist.
 */
export async function addSourceNote(
  db: DataSource,
  id: number,
  noteId: number,
  step: number,
  now: Date,
): Promise<Memory | null> {
  if (!Number.isInteger(noteId) || noteId <= 0)
    throw new RangeError('a source note id is a positive integer');
  const t = toDbTime(now);
  const lock = forUpdate(db);
  const row = await atomically(db, function* (): Steps<Record<string, unknown> | undefined> {
    const current = yield sql(`SELECT source_note_ids FROM memories WHERE id = ?${lock}`, id);
    if (!current) return undefined;
    const sources = JSON.parse(String(current.source_note_ids)) as number[];
    if (sources.includes(noteId)) return yield sql('SELECT * FROM memories WHERE id = ?', id);
    return yield sql(
      'UPDATE memories SET source_note_ids = ?,' +
        ' confidence = CASE WHEN confidence + ? > 1.0 THEN 1.0 ELSE confidence + ? END, updated_at = ?' +
        ' WHERE id = ? RETURNING *',
      JSON.stringify([...sources, noteId]),
      Math.max(0, step),
      Math.max(0, step),
      t,
      id,
    );
  });
  return row ? toMemory(row as Record<string, unknown>) : null;
}
