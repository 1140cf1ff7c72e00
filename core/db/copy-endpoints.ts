// The two ends of a database copy, per dialect: reading a source's rows (SQLite by rowid ranges, PostgreSQL through a
// cursor inside one snapshot) and what a target needs to receive them (its columns, foreign keys, emptying, values).
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { dialectOf, tableNames } from './dialect.ts';
import { toDbTime } from './sql-values.ts';

/** Bookkeeping tables each side keeps for itself. */
const NOT_COPIED = new Set(['migrations', 'sqlite_sequence', 'typeorm_metadata']);

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Queryable = DataSource | EntityManager | QueryRunner;

/** A source's rows, all read from one consistent state of the database. */
export interface SourceReader {
  /** The tables that hold data (no bookkeeping, no FTS5 index: the target computes its own). */
  tables: string[];
  /** The table's rows in batches of at most `size`, only the named columns. */
  batches(table: string, columns: string[], size: number): AsyncIterable<Record<string, unknown>[]>;
  count(table: string): Promise<number>;
  columns(table: string): Promise<string[]>;
}

/**
 * Runs `use` with a reader of `source`. PostgreSQL is read inside one REPEATABLE READ READ ONLY transaction, so
 * every table comes from the same snapshot while Quorra keeps writing; SQLite is read as the copy finds it (the
 * online backup API is what snapshots a live SQLite file).
 */
export async function withSourceReader<T>(
  source: DataSource,
  use: (reader: SourceReader) => Promise<T>,
): Promise<T> {
  if (dialectOf(source) === 'sqlite') return use(await sqliteReader(source));
  const runner = source.createQueryRunner('slave');
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await use(await postgresReader(runner));
    await runner.query('COMMIT');
    return result;
  } catch (err) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}

async function sqliteReader(source: DataSource): Promise<SourceReader> {
  const virtual: { name: string }[] = await source.query(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
  );
  const isIndex = (t: string) => virtual.some((v) => t === v.name || t.startsWith(`${v.name}_`));
  return {
    tables: [...(await tableNames(source))].filter((t) => !NOT_COPIED.has(t) && !isIndex(t)),
    async *batches(table, columns, size) {
      let after = 0;
      for (;;) {
        // keyset over SQLite's rowid: each batch is one indexed range read however large the table is
        const rows: Record<string, unknown>[] = await source.query(
          `SELECT rowid AS __rowid, ${columns.map(quote).join(', ')} FROM ${quote(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
          [after, size],
        );
        if (rows.length === 0) return;
        after = Number(rows[rows.length - 1].__rowid);
        for (const r of rows) delete r.__rowid;
        yield rows;
      }
    },
    count: (table) => countRows(source, table),
    columns: async (table) => (await sqliteColumns(source, table)).map((c) => c.name),
  };
}

async function postgresReader(runner: QueryRunner): Promise<SourceReader> {
  const rows: { name: string }[] = await runner.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  return {
    tables: rows.map((r) => r.name).filter((t) => !NOT_COPIED.has(t)),
    async *batches(table, columns, size) {
      // a cursor inside the snapshot transaction: one scan, `size` rows at a time, no ordering needed
      await runner.query(
        `DECLARE quorra_copy NO SCROLL CURSOR FOR SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}`,
      );
      try {
        for (;;) {
          const batch: Record<string, unknown>[] = await runner.query(`FETCH ${size} FROM quorra_copy`);
          if (batch.length === 0) return;
          yield batch;
        }
      } finally {
        await runner.query('CLOSE quorra_copy');
      }
    },
    count: (table) => countRows(runner, table),
    columns: async (table) => (await postgresColumns(runner, table, false)).map((c) => c.name),
  };
}

export async function countRows(db: Queryable, table: string): Promise<number> {
  return Number((await db.query(`SELECT count(*) AS n FROM ${quote(table)}`))[0].n);
}

async function sqliteColumns(db: Queryable, table: string): Promise<{ name: string; type: string }[]> {
  // table_xinfo's hidden: 0 a plain column, 2 and 3 generated ones
  const rows: { name: string; type: string; hidden: number }[] = await db.query(
    'SELECT name, type, hidden FROM pragma_table_xinfo(?)',
    [table],
  );
  return rows.filter((r) => r.hidden === 0).map((r) => ({ name: r.name, type: r.type.toLowerCase() }));
}

async function postgresColumns(
  db: Queryable,
  table: string,
  writableOnly: boolean,
): Promise<{ name: string; type: string }[]> {
  return db.query(
    'SELECT column_name AS name, data_type AS type FROM information_schema.columns' +
      ` WHERE table_schema = current_schema() AND table_name = ?${writableOnly ? " AND is_generated = 'NEVER'" : ''}` +
      ' ORDER BY ordinal_position',
    [table],
  );
}

/**
 * The columns a row may be written to (not generated ones, like PostgreSQL's search vector), each with the
 * conversion its value needs on the way in: SQLite binds neither Dates nor booleans, and stores datetimes as
 * the UTC text TypeORM writes.
 */
export async function targetColumns(
  m: EntityManager,
  table: string,
): Promise<Map<string, (v: unknown) => unknown>> {
  const same = (v: unknown) => v;
  if (dialectOf(m) === 'postgres')
    return new Map((await postgresColumns(m, table, true)).map((c) => [c.name, same]));
  const toSqlite = (v: unknown) => (v instanceof Date ? toDbTime(v) : typeof v === 'boolean' ? Number(v) : v);
  return new Map((await sqliteColumns(m, table)).map((c) => [c.name, toSqlite]));
}

/** Each table's parents: the tables its foreign keys point at. */
export async function foreignKeyParents(db: DataSource): Promise<Map<string, string[]>> {
  const rows: { child: string; parent: string }[] = await db.query(
    dialectOf(db) === 'postgres'
      ? 'SELECT tc.table_name AS child, ccu.table_name AS parent FROM information_schema.table_constraints tc' +
          ' JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name' +
          " AND ccu.constraint_schema = tc.constraint_schema WHERE tc.constraint_type = 'FOREIGN KEY'" +
          ' AND tc.table_schema = current_schema()'
      : 'SELECT m.name AS child, f."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = \'table\'',
  );
  const parents = new Map<string, string[]>();
  for (const r of rows) parents.set(r.child, [...(parents.get(r.child) ?? []), r.parent]);
  return parents;
}

/** Empties the target's tables (given parents first) inside the copy's transaction. */
export async function emptyTables(m: EntityManager, order: string[]): Promise<void> {
  if (dialectOf(m) === 'postgres') {
    await m.query(`TRUNCATE ${order.map(quote).join(', ')} CASCADE`);
    return;
  }
  // checked at commit, when every parent row is back
  await m.query('PRAGMA defer_foreign_keys = ON');
  for (const t of [...order].reverse()) await m.query(`DELETE FROM ${quote(t)}`);
}

/** Serial ids continue after the copied rows, so the next insert does not collide with a copied id. */
export async function resetSequences(m: EntityManager, tables: string[]): Promise<void> {
  // SQLite's AUTOINCREMENT counter already moves past any id inserted explicitly
  if (dialectOf(m) !== 'postgres') return;
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
