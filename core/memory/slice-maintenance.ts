// Slice-scoped memory reads and upkeep the Dream pass needs beyond MemoryStore: recent rows, promotion, orphans.
import type { DataSource } from 'typeorm';
import { jsonArrayLength, jsonIntegers } from '../db/dialect.ts';
import { toDbTime } from '../db/sql-values.ts';
import type { Memory } from './memory.entity.ts';
import type { MemoryKind } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import { flushReferences } from './reference-counts.ts';
import { type MemorySlice, sliceFilter } from './seal-filter.ts';

type Rows = Record<string, unknown>[];

/** The newest live memories of one kind in exactly one slice (the semantic pass widens its candidates with them). */
export async function recentOfKind(
  db: DataSource,
  slice: MemorySlice,
  kind: MemoryKind,
  limit: number,
  now: Date,
): Promise<Memory[]> {
  if (limit <= 0) return [];
  const f = sliceFilter(slice, now);
  const rows: Rows = await db.query(
    `SELECT m.* FROM memories m WHERE ${f.where} AND m.kind = ? ORDER BY m.id DESC LIMIT ?`,
    [...f.params, kind, Math.min(500, Math.trunc(limit))],
  );
  return rows.map(toMemory);
}

/** Live contextual memories of a slice used or corroborated often enough to belong in every prompt. */
export async function promotableIds(
  db: DataSource,
  slice: MemorySlice,
  thresholds: { references: number; sources: number },
  now: Date,
): Promise<number[]> {
  // the uses recall counted in memory are written first: promotion is what they are for
  await flushReferences(db);
  const f = sliceFilter(slice, now);
  const rows: Rows = await db.query(
    `SELECT m.id FROM memories m WHERE ${f.where} AND m.importance = 'contextual'` +
      ` AND (m.reference_count >= ? OR ${jsonArrayLength(db, 'm.source_note_ids')} >= ?) ORDER BY m.id`,
    [...f.params, thresholds.references, thresholds.sources],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Archives (never deletes) a slice's orphan rows: empty content with no tags and no source, and model-inferred
 * rows whose every source note is gone (MemoryStore.archiveOrphans' rule, narrowed to one slice so a run can
 * count what it did). Returns how many were archived.
 */
export async function archiveSliceOrphans(db: DataSource, slice: MemorySlice, now: Date): Promise<number> {
  const f = sliceFilter(slice, now);
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    `UPDATE memories SET archived_at = ?, updated_at = ? WHERE id IN (SELECT m.id FROM memories m WHERE ${f.where}` +
      " AND ((trim(m.content) = '' AND m.tags = '[]' AND m.source_note_ids = '[]')" +
      " OR (m.provenance = 'model_inference' AND m.source_note_ids <> '[]' AND NOT EXISTS" +
      ` (SELECT 1 FROM ${jsonIntegers(db, 'm.source_note_ids')} j JOIN notes n ON n.id = j.value)))) RETURNING id`,
    [t, t, ...f.params],
  );
  return rows.length;
}

/**
 * Archives the model-inferred memories drawn only from one note's text before it was edited (created before the
 * edit): the person rewrote what they said, so the old reading no longer stands. Memories another note also
 * supports stay. Returns how many were archived; a rerun archives nothing more.
 */
export async function archiveBeforeEdit(
  db: DataSource,
  noteId: number,
  editedAt: Date,
  now: Date,
): Promise<number> {
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    'UPDATE memories SET archived_at = ?, updated_at = ? WHERE archived_at IS NULL' +
      " AND provenance = 'model_inference' AND source_note_ids = ? AND created_at < ? RETURNING id",
    [t, t, JSON.stringify([noteId]), toDbTime(editedAt)],
  );
  return rows.length;
}
