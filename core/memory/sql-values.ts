// Small SQL helpers shared by the memory stores: datetime encoding, NULL-aware equality, synchronous transactions.
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { QuorraError } from '../errors.ts';

/** Formats a Date exactly as TypeORM stores a SQLite `datetime` column, so string comparison orders by time. */
export function toDbTime(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** Parses a stored `datetime` value (UTC, no zone suffix) back into a Date; null stays null. */
export function fromDbTime(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return new Date(`${String(v).replace(' ', 'T')}Z`);
}

/** `col = ?` for a value, `col IS NULL` for null: both forms let SQLite use an index on the column. */
export function nullableEq(column: string, value: string | null): { sql: string; params: unknown[] } {
  return value === null
    ? { sql: `${column} IS NULL`, params: [] }
    : { sql: `${column} = ?`, params: [value] };
}

/** The better-sqlite3 connection behind a TypeORM data source (Quorra opens exactly one). */
export function sqliteConnection(db: DataSource): Database.Database {
  const conn = (db.driver as unknown as { databaseConnection?: Database.Database }).databaseConnection;
  if (!conn || typeof conn.transaction !== 'function') {
    throw new QuorraError('QUORRA_DB_UNSUPPORTED', 'the memory stores need the better-sqlite3 driver');
  }
  return conn;
}

/**
 * Runs fn in one synchronous SQLite transaction. TypeORM's SQLite driver shares a single query runner, so two
 * async transactions can interleave and silently nest; a synchronous one cannot be interleaved by other code.
 */
export function atomically<T>(db: DataSource, fn: (conn: Database.Database) => T): T {
  const conn = sqliteConnection(db);
  return conn.transaction(() => fn(conn))();
}
