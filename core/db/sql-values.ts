// Small SQL helpers shared by the memory stores: datetime encoding, NULL-aware equality, atomic step sequences.
import type { DataSource } from 'typeorm';
import { dialectOf } from './dialect.ts';
import { preparedStatement } from './entity-rows.ts';
import { sqliteConnection } from './sqlite-connection.ts';

/** Formats a Date exactly as TypeORM stores a SQLite `datetime` column, so string comparison orders by time. */
export function toDbTime(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** Parses a stored `datetime` value (UTC, no zone suffix; PostgreSQL's driver hands a Date) into a Date; null stays null. */
export function fromDbTime(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  return new Date(`${String(v).replace(' ', 'T')}Z`);
}

/** `col = ?` for a value, `col IS NULL` for null: both forms let SQLite use an index on the column. */
export function nullableEq(column: string, value: string | null): { sql: string; params: unknown[] } {
  return value === null
    ? { sql: `${column} IS NULL`, params: [] }
    : { sql: `${column} = ?`, params: [value] };
}

/** One statement of an atomic step sequence; the sequence receives its first row (or undefined). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements of one atomic unit, written once as a generator: `const row = yield sql('…', a, b)`. */
export type Steps<T> = Generator<Statement, T, Record<string, unknown> | undefined>;

/** A statement for a Steps generator to yield. */
export function sql(text: string, ...params: unknown[]): Statement {
  return { sql: text, params };
}

/**
 * Runs the steps as one transaction. On SQLite synchronously: TypeORM's SQLite driver shares a single query
 * runner, so two async transactions can interleave and silently nest, and a synchronous one cannot be interleaved
 * by other code. On PostgreSQL in a transaction of its own connection (rows read for update are locked with
 * forUpdate).
 */
export async function atomically<T>(db: DataSource, steps: () => Steps<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.transaction(async (m) => {
      const run = steps();
      let next = run.next();
      while (!next.done) {
        const rows: Record<string, unknown>[] = await m.query(next.value.sql, next.value.params);
        next = run.next(rows[0]);
      }
      return next.value;
    });
  }
  const conn = sqliteConnection(db);
  return conn.transaction(() => {
    const run = steps();
    let next = run.next();
    while (!next.done) {
      // prepared once per connection: atomic units run the same few statements over and over (a Dream pass
      // corroborates a belief per claim), and preparing one each time cost more than running it
      const row = preparedStatement(conn, next.value.sql).get(...next.value.params) as
        | Record<string, unknown>
        | undefined;
      next = run.next(row);
    }
    return next.value;
  })();
}

/** ` FOR UPDATE` on PostgreSQL (lock the row read in an atomic unit); SQLite's write transaction already does. */
export function forUpdate(db: DataSource): string {
  return dialectOf(db) === 'postgres' ? ' FOR UPDATE' : '';
}
