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
    return (await this.ofMany([noteId])).get(noteId) ?? [];
  }

  /** `of` for several notes in one query (an extraction group's notes), by note id; a note without links is absent. */
  async ofMany(noteIds: number[]): Promise<Map<number, Memory[]>> {
    const out = new Map<number, Memory[]>();
    if (noteIds.length === 0) return out;
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT l.note_id AS link_note_id, m.* FROM dream_note_beliefs l ${pinnedJoin(this.db)} memories m` +
        ` ON m.id = l.memory_id WHERE l.note_id IN (${noteIds.map(() => '?').join(', ')})` +
        ' AND m.archived_at IS NULL ORDER BY m.id',
      noteIds,
    );
    for (const row of rows) {
      const noteId = Number(row.link_note_id);
      const list = out.get(noteId) ?? [];
      list.push(toMemory(row));
      out.set(noteId, list);
    }
    return out;
  }
}
