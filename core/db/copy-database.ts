// Copies a household's rows from one migrated database to another (SQLite → PostgreSQL for `migrate-db` and a
// restore, PostgreSQL → SQLite for a backup's snapshot): every table, in foreign-key order, in batches, inside one
// target transaction, read from one consistent state of the source, then checked by row counts.
import type { DataSource, EntityManager } from 'typeorm';
import { QuorraError } from '../contracts/errors.ts';
import {
  countRows,
  emptyTables,
  foreignKeyParents,
  quote,
  resetSequences,
  targetColumns,
  withSourceReader,
} from './copy-endpoints.ts';
import { dialectOf, tableNames } from './dialect.ts';

export interface CopyOptions {
  /** Rows per INSERT. */
  batchSize?: number;
  /** Empty the target's tables first instead of refusing a target that holds data. */
  force?: boolean;
  /** Called after each table with its row count. */
  progress?: (table: string, rows: number) => void;
}

export interface CopyReport {
  tables: { name: string; rows: number }[];
}

const MAX_PARAMETERS = 30_000;

/** Tables parents first: a table is copied after every table its foreign keys point at. */
function foreignKeyOrder(names: string[], parents: Map<string, string[]>): string[] {
  const done = new Set<string>();
  const out: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const p of parents.get(name) ?? []) if (names.includes(p)) visit(p, path);
    done.add(name);
    out.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return out;
}

/** Rows of the target's tables that Quorra's data lives in; migrations seed note_sequence's counter, not data. */
async function rowsHeld(m: DataSource | EntityManager, tables: string[]): Promise<number> {
  let n = 0;
  for (const t of tables) if (t !== 'note_sequence') n += await countRows(m, t);
  return n;
}

/** How many rows of household data a migrated database holds (0: a restore or a copy may go there). */
export async function householdRows(db: DataSource): Promise<number> {
  const skip = new Set(['migrations', 'sqlite_sequence', 'typeorm_metadata']);
  const virtual =
    dialectOf(db) === 'sqlite'
      ? ((await db.query("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")) as {
          name: string;
        }[])
      : [];
  const tables = [...(await tableNames(db))].filter(
    (t) => !skip.has(t) && !virtual.some((v) => t === v.name || t.startsWith(`${v.name}_`)),
  );
  return rowsHeld(db, tables);
}

/** Copies every row; the target is left unchanged when anything fails (one transaction). */
export async function copyDatabase(
  source: DataSource,
  target: DataSource,
  opts: CopyOptions = {},
): Promise<CopyReport> {
  if (dialectOf(source) === dialectOf(target))
    throw new QuorraError(
      'QUORRA_MIGRATE_DB_SOURCE',
      'copies between SQLite and PostgreSQL (one of each); a SQLite file is copied with quorra backup',
    );
  const batchSize = Math.max(1, Math.min(5000, opts.batchSize ?? 500));
  const targetTables = await tableNames(target);
  const parents = await foreignKeyParents(target);
  return withSourceReader(source, async (reader) => {
    const missing = reader.tables.filter((t) => !targetTables.has(t));
    if (missing.length > 0)
      throw new QuorraError(
        'QUORRA_MIGRATE_DB_TARGET_TABLES',
        `the target has no table for ${missing.join(', ')}: a migration failed there (see above)`,
      );
    const order = foreignKeyOrder(reader.tables, parents);
    const tables: CopyReport['tables'] = [];
    await target.transaction(async (m) => {
      const held = await rowsHeld(m, order);
      if (held > 0 && !opts.force)
        throw new QuorraError(
          'QUORRA_MIGRATE_DB_TARGET_NOT_EMPTY',
          `the target already holds ${held} rows; pass --force to replace them`,
        );
      await emptyTables(m, order);
      for (const table of order) {
        const writable = await targetColumns(m, table);
        const names = (await reader.columns(table)).filter((c) => writable.has(c));
        const convert = names.map((c) => writable.get(c)!);
        const tuple = `(${names.map(() => '?').join(', ')})`;
        let copied = 0;
        // both dialects cap the parameters of one statement (SQLite 32766, PostgreSQL 65535)
        const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, names.length)));
        for await (const batch of reader.batches(table, names, batchSize)) {
          for (let i = 0; i < batch.length; i += perInsert) {
            const rows = batch.slice(i, i + perInsert);
            await m.query(
              `INSERT INTO ${quote(table)} (${names.map(quote).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
              rows.flatMap((r) => names.map((c, k) => convert[k](r[c]))),
            );
          }
          copied += batch.length;
        }
        tables.push({ name: table, rows: copied });
        opts.progress?.(table, copied);
      }
      await resetSequences(m, order);
    });
    // the source side is counted in its snapshot, so rows written meanwhile never look like a lost row
    for (const t of tables) {
      const [from, to] = [await reader.count(t.name), await countRows(target, t.name)];
      if (from !== to || to !== t.rows)
        throw new QuorraError(
          'QUORRA_MIGRATE_DB_COUNT_MISMATCH',
          `${t.name}: ${from} rows in the source, ${to} in the target after the copy`,
        );
    }
    return { tables };
  });
}
