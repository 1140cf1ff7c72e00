// Copies a household's rows from one migrated database to another (SQLite → PostgreSQL): every table both have, in
// foreign-key order, in batches, inside one target transaction, then checked by row counts.
import type { DataSource, EntityManager } from 'typeorm';
import { QuorraError } from '../errors.ts';
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

/** Bookkeeping tables each side keeps for itself. */
const NOT_COPIED = new Set(['migrations', 'sqlite_sequence']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The SQLite tables that hold data: not bookkeeping, not FTS5 indexes (PostgreSQL computes its own). */
async function dataTables(source: DataSource): Promise<string[]> {
  const virtual: { name: string }[] = await source.query(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
  );
  const isIndex = (t: string) => virtual.some((v) => t === v.name || t.startsWith(`${v.name}_`));
  return [...(await tableNames(source))].filter((t) => !NOT_COPIED.has(t) && !isIndex(t));
}

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

/** Columns a row may be written to (generated ones, like the search vector, are computed by PostgreSQL). */
async function writableColumns(m: EntityManager, table: string): Promise<Set<string>> {
  const rows: { name: string }[] = await m.query(
    'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema()' +
      " AND table_name = ? AND is_generated = 'NEVER'",
    [table],
  );
  return new Set(rows.map((r) => r.name));
}

/** Each table's parents: the tables its foreign keys point at. */
async function foreignKeyParents(db: DataSource): Promise<Map<string, string[]>> {
  const rows: { child: string; parent: string }[] = await db.query(
    'SELECT tc.table_name AS child, ccu.table_name AS parent FROM information_schema.table_constraints tc' +
      ' JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name' +
      " AND ccu.constraint_schema = tc.constraint_schema WHERE tc.constraint_type = 'FOREIGN KEY'" +
      ' AND tc.table_schema = current_schema()',
  );
  const parents = new Map<string, string[]>();
  for (const r of rows) parents.set(r.child, [...(parents.get(r.child) ?? []), r.parent]);
  return parents;
}

/** Rows of the target's tables that Quorra's data lives in; migrations seed note_sequence's counter, not data. */
async function targetRowCount(m: EntityManager, tables: string[]): Promise<number> {
  let n = 0;
  for (const t of tables) {
    if (t === 'note_sequence') continue;
    const [row] = await m.query(`SELECT count(*) AS n FROM ${quote(t)}`);
    n += Number(row.n);
  }
  return n;
}

/** Copies every row; the target is left unchanged when anything fails (one transaction). */
export async function copyDatabase(
  source: DataSource,
  target: DataSource,
  opts: CopyOptions = {},
): Promise<CopyReport> {
  if (dialectOf(source) !== 'sqlite' || dialectOf(target) !== 'postgres')
    throw new QuorraError('QUORRA_MIGRATE_DB_SOURCE', 'copies from a SQLite database into a PostgreSQL one');
  const batchSize = Math.max(1, Math.min(5000, opts.batchSize ?? 500));
  const targetTables = await tableNames(target);
  const shared = await dataTables(source);
  const missing = shared.filter((t) => !targetTables.has(t));
  if (missing.length > 0)
    throw new QuorraError(
      'QUORRA_MIGRATE_DB_TARGET_TABLES',
      `the target has no table for ${missing.join(', ')}: a migration failed there (see above)`,
    );
  const order = foreignKeyOrder(shared, await foreignKeyParents(target));
  const tables: CopyReport['tables'] = [];
  await target.transaction(async (m) => {
    const held = await targetRowCount(m, order);
    if (held > 0 && !opts.force)
      throw new QuorraError(
        'QUORRA_MIGRATE_DB_TARGET_NOT_EMPTY',
        `the target already holds ${held} rows; pass --force to replace them`,
      );
    await m.query(`TRUNCATE ${order.map(quote).join(', ')} CASCADE`);
    for (const table of order) {
      const columns = await writableColumns(m, table);
      let copied = 0;
      let after = 0;
      for (;;) {
        // keyset over SQLite's rowid: each batch is one indexed range read however large the table is
        const rows: Record<string, unknown>[] = await source.query(
          `SELECT rowid AS __rowid, * FROM ${quote(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
          [after, batchSize],
        );
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1].__rowid);
        const names = Object.keys(rows[0]).filter((c) => columns.has(c));
        const tuple = `(${names.map(() => '?').join(', ')})`;
        await m.query(
          `INSERT INTO ${quote(table)} (${names.map(quote).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
          rows.flatMap((r) => names.map((c) => r[c])),
        );
        copied += rows.length;
      }
      tables.push({ name: table, rows: copied });
      opts.progress?.(table, copied);
    }
    await resetSequences(m, order);
  });
  await verifyCounts(source, target, tables);
  return { tables };
}

/** Serial ids continue after the copied rows, so the next insert does not collide with a migrated id. */
async function resetSequences(m: EntityManager, tables: string[]): Promise<void> {
  const serials: { table_name: string; column_name: string }[] = await m.query(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()' +
      " AND column_default LIKE 'nextval(%'",
  );
  for (const s of serials.filter((c) => tables.includes(c.table_name))) {
    await m.query(
      `SELECT setval(pg_get_serial_sequence(?, ?), coalesce(max(${quote(s.column_name)}), 0) + 1, false)` +
        ` FROM ${quote(s.table_name)}`,
      [s.table_name, s.column_name],
    );
  }
}

/** Every table holds as many rows on both sides, or the copy is reported as failed. */
async function verifyCounts(source: DataSource, target: DataSource, tables: CopyReport['tables']) {
  const count = async (db: DataSource, t: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM ${quote(t)}`))[0].n);
  for (const t of tables) {
    const [from, to] = [await count(source, t.name), await count(target, t.name)];
    if (from !== to || to !== t.rows)
      throw new QuorraError(
        'QUORRA_MIGRATE_DB_COUNT_MISMATCH',
        `${t.name}: ${from} rows in the source, ${to} in the target after the copy`,
      );
  }
}
