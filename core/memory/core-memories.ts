// The core memories a prompt shows: every slice the seal opens, read in index order up to the limit.
import type { DataSource } from 'typeorm';
import type { Seal } from '../auth/principal.ts';
import { type CoreMemory, toCoreMemory } from './memory-row.ts';
import { sealSlices, sliceFilter } from './seal-filter.ts';

/** Up to `limit` (1..1000) live core memories the seal may see, oldest first. */
export async function listCoreMemories(
  db: DataSource,
  seal: Seal,
  now: Date,
  limit: number,
): Promise<CoreMemory[]> {
  const n = Math.min(1000, Math.max(1, Math.trunc(Number(limit) || 1)));
  // One branch per slice, each read in idx_memories_slice order and stopped at n rows: the OR of both slices
  // read and sorted every core memory of the household on every prompt (30 ms at 2,500 of them). The limit is
  // a literal (a clamped integer): bound as `?` where it can choose the plan, SQLite re-prepares the statement
  // on every run. Only the columns a prompt shows: reading and mapping all 22 was ~90% of the read's CPU.
  const branches = sealSlices(seal).map((slice) => sliceFilter(slice, now));
  const union = branches
    .map(
      (f, i) =>
        `SELECT * FROM (SELECT m.id, m.content, m.owner_user_id FROM memories m WHERE ${f.where}` +
        ` AND m.importance = 'core'` +
        ` ORDER BY m.id LIMIT ${n}) b${i}`,
    )
    .join(' UNION ALL ');
  const rows: Record<string, unknown>[] = await db.query(
    `${union} ORDER BY id LIMIT ${n}`,
    branches.flatMap((f) => f.params),
  );
  return rows.map(toCoreMemory);
}
