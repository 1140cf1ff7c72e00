// The better-sqlite3 connection behind a TypeORM data source, for the statements Quorra prepares itself.
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { QuorraError } from '../contracts/errors.ts';

/** The one connection Quorra opens on SQLite; a coded error on any other driver. */
export function sqliteConnection(db: DataSource): Database.Database {
  const conn = (db.driver as unknown as { databaseConnection?: Database.Database }).databaseConnection;
  if (!conn || typeof conn.transaction !== 'function') {
    throw new QuorraError('QUORRA_DB_UNSUPPORTED', 'this needs the better-sqlite3 driver');
  }
  return conn;
}
