// When SQLite commits reach the disk: WAL with synchronous=NORMAL (no fsync per commit), and durably() for the
// writes whose order against a power cut matters.
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { dialectOf } from './dialect.ts';
import { sqliteConnection } from './sqlite-connection.ts';

const RELAXED = 'NORMAL';

/**
 * In WAL mode, synchronous=NORMAL keeps the database consistent and every commit survives a crash of Quorra; only a
 * power cut or OS crash can roll back the newest commits (those the kernel had not written out yet). FULL, SQLite's
 * default, fsyncs the WAL on every commit: 0.3–0.5 ms at the median and 3–5 ms at p95 here, with the event loop
 * blocked, four times per Matrix message.
 */
export async function relaxCommits(db: DataSource): Promise<void> {
  if (dialectOf(db) === 'sqlite') sqliteConnection(db).pragma(`synchronous = ${RELAXED}`);
}

const depth = new WeakMap<Database.Database, number>();

/**
 * Runs a write that must be on disk once it resolves (synchronous=FULL while it runs; PostgreSQL always is). In
 * WAL mode its fsync also makes every earlier commit durable: what was written before it cannot be lost while it
 * is kept.
 */
export async function durably<T>(db: DataSource, write: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'sqlite') return write();
  const conn = sqliteConnection(db);
  const level = depth.get(conn) ?? 0;
  depth.set(conn, level + 1);
  if (level === 0) conn.pragma('synchronous = FULL');
  try {
    return await write();
  } finally {
    depth.set(conn, level);
    // the connection may have closed meanwhile (shutdown): nothing left to relax
    if (level === 0 && conn.open) conn.pragma(`synchronous = ${RELAXED}`);
  }
}
