// The core memories a prompt shows: every slice the seal opens, read in index order up to the limit, and kept per
// seal until the table changes (every prompt carries them; they change rarely).
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { Seal } from '../contracts/principal.ts';
import { dialectOf } from '../db/dialect.ts';
import { toDbTime } from '../db/sql-values.ts';
import { sqliteConnection } from '../db/sqlite-connection.ts';
import { listedMemoriesMark } from './memories-changes.ts';
import { type CoreMemory, toCoreMemory } from './memory-row.ts';
import { sealSlices, sliceFilter } from './seal-filter.ts';

interface Kept {
  /** The table's change mark when the rows were read (memories-changes.ts). */
  mark: string;
  /** When they were read: a clock set back before then may see rows that expired since hold again. */
  read: string;
  /** The earliest expires_at / valid_until among the rows: from then on one of them no longer holds. */
  until: string | null;
  rows: readonly CoreMemory[];
}

/** Per SQLite connection: the last listing per seal and limit. A household has few seals; beyond this, start over. */
const kept = new WeakMap<Database.Database, Map<string, Kept>>();
const MAX_KEPT = 256;

/** Up to `limit` (1..1000) live core memories the seal may see, oldest first. */
export async function listCoreMemories(
  db: DataSource,
  seal: Seal,
  now: Date,
  limit: number,
): Promise<CoreMemory[]> {
  const n = Math.min(1000, Math.max(1, Math.trunc(Number(limit) || 1)));
  const slices = sealSlices(seal); // refuses a guest's (or a malformed) seal before anything is read or kept
  const read = async () => {
    // One branch per slice, each read in idx_memories_slice order and stopped at n rows: the OR of both slices
    // read and sorted every core memory of the household on every prompt (30 ms at 2,500 of them). The limit is
    // a literal (a clamped integer): bound as `?` where it can choose the plan, SQLite re-prepares the statement
    // on every run. Only the columns a prompt shows, and when each row stops holding.
    const branches = slices.map((slice) => sliceFilter(slice, now));
    const union = branches
      .map(
        (f, i) =>
          `SELECT * FROM (SELECT m.id, m.content, m.owner_user_id, m.expires_at, m.valid_until FROM memories m` +
          ` WHERE ${f.where} AND m.importance = 'core' ORDER BY m.id LIMIT ${n}) b${i}`,
      )
      .join(' UNION ALL ');
    return (await db.query(
      `${union} ORDER BY id LIMIT ${n}`,
      branches.flatMap((f) => f.params),
    )) as Row[];
  };
  if (dialectOf(db) !== 'sqlite') return (await read()).map(toCoreMemory);
  const conn = sqliteConnection(db);
  // inside a transaction the rows read may yet roll back: read them, keep nothing
  if (conn.inTransaction) return (await read()).map(toCoreMemory);
  let bySeal = kept.get(conn);
  if (!bySeal) {
    bySeal = new Map();
    kept.set(conn, bySeal);
  }
  // kept listings are checked before any SQL is built: every prompt asks, and the rows rarely change
  const key = JSON.stringify([seal.workspace, seal.userId, n]);
  const t = toDbTime(now);
  // taken before the read: a write that lands after it makes the next listing read again
  const mark = listedMemoriesMark(conn);
  const hit = bySeal.get(key);
  if (hit && hit.mark === mark && t >= hit.read && (hit.until === null || hit.until > t))
    return [...hit.rows];
  const rows = await read();
  let until: string | null = null;
  for (const r of rows) {
    for (const end of [r.expires_at, r.valid_until]) {
      if (end !== null && end !== undefined && (until === null || String(end) < until)) until = String(end);
    }
  }
  const listed = rows.map((r) => Object.freeze(toCoreMemory(r)));
  if (bySeal.size >= MAX_KEPT) bySeal.clear();
  bySeal.set(key, { mark, read: t, until, rows: listed });
  return [...listed];
}

type Row = Record<string, unknown>;
