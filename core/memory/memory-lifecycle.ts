// Memory lifecycle: soft archive, restore, permanent purge, retention purge, expiry sweep, surface-once hand-off.
import type { DataSource } from 'typeorm';
import type { Seal } from '../contracts/principal.ts';
import { jsonIntegers } from '../db/dialect.ts';
import { toDbTime } from '../db/sql-values.ts';
import type { Memory } from './memory.entity.ts';
import { toMemory } from './memory-row.ts';
import { type RowFilter, sealFilter } from './seal-filter.ts';

export const DEFAULT_ARCHIVE_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

type Rows = Record<string, unknown>[];

/** Archives one live memory (only if `filter` admits it, when given); true when a row was archived. */
export async function archiveMemory(
  db: DataSource,
  id: number,
  now: Date,
  filter?: RowFilter,
): Promise<boolean> {
  const t = toDbTime(now);
  const target = filter
    ? {
        sql: `id IN (SELECT m.id FROM memories m WHERE m.id = ? AND ${filter.where})`,
        params: [id, ...filter.params],
      }
    : { sql: 'id = ? AND archived_at IS NULL', params: [id] };
  const rows: Rows = await db.query(
    `UPDATE memories SET archived_at = ?, updated_at = ? WHERE ${target.sql} RETURNING id`,
    [t, t, ...target.params],
  );
  return rows.length > 0;
}

/**
 * Brings an archived (or expired) memory back: clears archived_at, a past expiry and the surfaced mark.
 * Returns null when there is no such row or it is already live.
 */
export async function restoreMemory(db: DataSource, id: number, now: Date): Promise<Memory | null> {
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    'UPDATE memories SET archived_at = NULL, surfaced_at = NULL,' +
      ' expires_at = CASE WHEN expires_at <= ? THEN NULL ELSE expires_at END, updated_at = ?' +
      ' WHERE id = ? AND (archived_at IS NOT NULL OR expires_at <= ?) RETURNING *',
    [t, t, id, t],
  );
  return rows.length > 0 ? toMemory(rows[0]) : null;
}

/** Deletes one memory permanently (an owner action; the model's tools can only archive). */
export async function purgeMemory(db: DataSource, id: number): Promise<boolean> {
  const rows: Rows = await db.query('DELETE FROM memories WHERE id = ? RETURNING id', [id]);
  return rows.length > 0;
}

/** Permanently deletes memories archived more than `days` days before `now`; returns how many. */
export async function purgeArchivedOlderThan(db: DataSource, days: number, now: Date): Promise<number> {
  if (!Number.isFinite(days) || days < 0)
    throw new RangeError(`retention must be a non-negative number of days`);
  const cutoff = toDbTime(new Date(now.getTime() - days * DAY_MS));
  const rows: Rows = await db.query(
    'DELETE FROM memories WHERE archived_at IS NOT NULL AND archived_at < ? RETURNING id',
    [cutoff],
  );
  return rows.length;
}

/**
 * Archives memories whose expiry has passed, dated at their expiry, so the retention purge reclaims them.
 * Reads already hide them; this only keeps the table and the search index from accumulating dead rows.
 */
export async function sweepExpired(db: DataSource, now: Date): Promise<number> {
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    'UPDATE memories SET archived_at = expires_at, updated_at = ?' +
      ' WHERE archived_at IS NULL AND expires_at IS NOT NULL AND expires_at <= ? RETURNING id',
    [t, t],
  );
  return rows.length;
}

/**
 * Archives model-inferred memories none of whose source notes still exist: the evidence behind the belief is gone.
 * Memories without source pointers (stated, set by the owner, imported) are never orphans.
 */
export async function archiveOrphans(db: DataSource, now: Date): Promise<number> {
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    "UPDATE memories SET archived_at = ?, updated_at = ? WHERE archived_at IS NULL AND provenance = 'model_inference'" +
      ` AND source_note_ids <> '[]' AND NOT EXISTS (SELECT 1 FROM ${jsonIntegers(db, 'memories.source_note_ids')} j` +
      ' JOIN notes n ON n.id = j.value) RETURNING id',
    [t, t],
  );
  return rows.length;
}

/**
 * Hands the pending surface-once memories the seal can see to the caller and archives them in the same statement,
 * so two surfaces asking at once never both receive one. Oldest first.
 */
export async function takeSurfaceOnce(db: DataSource, seal: Seal, now: Date, limit = 50): Promise<Memory[]> {
  const f = sealFilter(seal, now);
  const t = toDbTime(now);
  const rows: Rows = await db.query(
    'UPDATE memories SET archived_at = ?, surfaced_at = ?, updated_at = ? WHERE id IN' +
      ` (SELECT m.id FROM memories m WHERE ${f.where} AND m.surface_once = TRUE ORDER BY m.id LIMIT ?) RETURNING *`,
    [t, t, t, ...f.params, Math.min(500, Math.max(1, Math.trunc(limit)))],
  );
  return rows.map(toMemory).sort((a, b) => a.id - b.id);
}
