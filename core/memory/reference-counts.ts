// "Times recalled" counts, gathered in memory and written in one statement a few seconds later, off the turn's path.
import type { DataSource } from 'typeorm';
import { dialectOf } from '../db/dialect.ts';
import { toDbTime } from '../db/sql-values.ts';
import { sqliteConnection } from '../db/sqlite-connection.ts';

/**
 * How long counts wait before they are written. They only rank and promote memories (Dream's promotion, the owner
 * listing), and every reader of them writes what is pending first (`flushReferences`); a crash loses at most this
 * long's counts.
 */
export const REFERENCE_FLUSH_MS = 2000;
/** Ids per UPDATE (five parameters each, far below SQLite's limit). */
const CHUNK = 500;

interface Pending {
  /** Per memory id: uses not yet written and when the latest was. */
  counts: Map<number, { n: number; at: string }>;
  timer: NodeJS.Timeout | undefined;
  /** The writes so far, in order: a flush resolves once everything counted before it is written. */
  chain: Promise<void>;
}

const perDatabase = new WeakMap<DataSource, Pending>();

function pendingOf(db: DataSource): Pending {
  let p = perDatabase.get(db);
  if (!p) {
    p = { counts: new Map(), timer: undefined, chain: Promise.resolve() };
    perDatabase.set(db, p);
  }
  return p;
}

/** Counts one use of each memory at `at`, to be written within REFERENCE_FLUSH_MS. */
export function countReferences(db: DataSource, ids: readonly number[], at: Date): void {
  const p = pendingOf(db);
  const t = toDbTime(at);
  for (const id of ids) {
    const c = p.counts.get(id);
    if (c) {
      c.n++;
      if (t > c.at) c.at = t;
    } else p.counts.set(id, { n: 1, at: t });
  }
  if (p.counts.size > 0 && !p.timer) arm(db, p);
}

function arm(db: DataSource, p: Pending): void {
  p.timer = setTimeout(() => {
    p.timer = undefined;
    // a transaction open on the connection would take the counts down with it if it rolled back: wait for its end
    if (dialectOf(db) === 'sqlite' && db.isInitialized && sqliteConnection(db).inTransaction) arm(db, p);
    else
      flushReferences(db).catch(() => {
        if (db.isInitialized && p.counts.size > 0 && !p.timer) arm(db, p);
      });
  }, REFERENCE_FLUSH_MS);
  // a process with nothing else to do may exit; a clean stop flushes first (the app's stop)
  p.timer.unref();
}

/**
 * Writes every count gathered so far; resolves once they are in the table. Whatever reads `reference_count` or
 * `last_referenced_at` calls it first. A failed write keeps its counts for the next attempt.
 */
export function flushReferences(db: DataSource): Promise<void> {
  const p = perDatabase.get(db);
  if (!p) return Promise.resolve();
  const run = p.chain.then(() => writeOut(db, p));
  p.chain = run.catch(() => undefined);
  return run;
}

async function writeOut(db: DataSource, p: Pending): Promise<void> {
  if (p.counts.size === 0) return;
  if (p.timer) {
    clearTimeout(p.timer);
    p.timer = undefined;
  }
  // a closed database has nowhere to write them: only a stop that skipped the flush gets here
  if (!db.isInitialized) {
    p.counts.clear();
    return;
  }
  const batch = [...p.counts];
  p.counts.clear();
  for (let i = 0; i < batch.length; i += CHUNK) {
    const part = batch.slice(i, i + CHUNK);
    try {
      await db.query(...referenceUpdate(db, part));
    } catch (err) {
      for (const [id, c] of batch.slice(i)) {
        const now = p.counts.get(id);
        if (now) {
          now.n += c.n;
          if (c.at > now.at) now.at = c.at;
        } else p.counts.set(id, c);
      }
      throw err;
    }
  }
}

/** One UPDATE adding each id's count and stamping its latest use. */
function referenceUpdate(
  db: DataSource,
  part: Array<[number, { n: number; at: string }]>,
): [string, unknown[]] {
  // PostgreSQL types a CASE of bare parameters as text; SQLite keeps the stored text form of a datetime
  const time = dialectOf(db) === 'postgres' ? 'CAST(? AS timestamp)' : '?';
  const counts = part.map(() => 'WHEN ? THEN CAST(? AS INTEGER)').join(' ');
  const times = part.map(() => `WHEN ? THEN ${time}`).join(' ');
  return [
    `UPDATE memories SET reference_count = reference_count + CASE id ${counts} END,` +
      ` last_referenced_at = CASE id ${times} END WHERE id IN (${part.map(() => '?').join(', ')})`,
    [
      ...part.flatMap(([id, c]) => [id, c.n]),
      ...part.flatMap(([id, c]) => [id, c.at]),
      ...part.map(([id]) => id),
    ],
  ];
}
