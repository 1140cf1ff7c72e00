// The note → belief links: what a note already produced, so a replayed note changes nothing (even superseded rows).
import type { DataSource } from 'typeorm';
import { pinnedJoin } from '../db/dialect.ts';
import type { Memory } from '../memory/memory.entity.ts';
import { toMemory } from '../memory/memory-row.ts';

/** Reads and writes dream_note_beliefs. */
export class NoteBeliefs {
  constructor(private readonly db: DataSource) {}

  /** Links a note to a belief it produced or corroborated (once). */
  async link(noteId: number, memoryId: number): Promise<void> {
    await this.db.query(
      'INSERT INTO dream_note_beliefs (note_id, memory_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      [noteId, memoryId],
    );
  }

  /** The unarchived beliefs a note is linked to, live or superseded. */
  async of(noteId: number): Promise<Memory[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT m.* FROM dream_note_beliefs l ${pinnedJoin(this.db)} memories m ON m.id = l.memory_id` +
        ' WHERE l.note_id = ? AND m.archived_at IS NULL ORDER BY m.id',
      [noteId],
    );
    return rows.map(toMemory);
  }
}
