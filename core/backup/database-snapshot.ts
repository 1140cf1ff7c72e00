// The database half of a backup, in either dialect: the archive always carries a SQLite file. SQLite is snapshotted
// with its online backup API; PostgreSQL is copied out of one read-only snapshot transaction into a migrated SQLite
// file, and restored by copying that file into an empty PostgreSQL schema.
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { type CopyReport, copyDatabase, householdRows } from '../db/copy-database.ts';
import { openCliDatabase } from '../schema/household-database.ts';
import { describeDatabaseUrl, redactDatabaseUrls } from '../text/database-url.ts';

/** Writes a consistent copy of the configured database to the SQLite file `dest`, while Quorra keeps serving. */
export async function snapshotDatabase(config: QuorraConfig, dbFile: string, dest: string): Promise<void> {
  mkdirSync(path.dirname(dest), { recursive: true });
  if (config.database.url) {
    await snapshotPostgres(config, config.database.url, dest);
    return;
  }
  const db = new Database(dbFile, { fileMustExist: true, timeout: config.database.busyTimeoutMs });
  try {
    await db.backup(dest);
  } catch (err) {
    throw new QuorraError('QUORRA_BACKUP_FAILED', `the database snapshot failed: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * A PostgreSQL connection that only reads: no migrations run (a newer `quorra backup` than the server must not
 * change the live schema), the copier reads every table inside one REPEATABLE READ READ ONLY transaction.
 */
async function openPostgresReader(config: QuorraConfig, url: string): Promise<DataSource> {
  const db = new DataSource({
    type: 'postgres',
    url,
    connectTimeoutMS: config.database.busyTimeoutMs,
    applicationName: 'quorra-backup',
    entities: [],
    synchronize: false,
    logging: false,
  });
  // node-postgres loads only for a PostgreSQL household, as in openDatabase
  const { adaptPostgres } = await import('../db/postgres-adapter.ts');
  adaptPostgres(db);
  try {
    return await db.initialize();
  } catch (err) {
    throw new QuorraError(
      'QUORRA_BACKUP_FAILED',
      `could not open database ${describeDatabaseUrl(url)}: ${redactDatabaseUrls((err as Error).message)}`,
    );
  }
}

async function snapshotPostgres(config: QuorraConfig, url: string, dest: string): Promise<CopyReport> {
  const source = await openPostgresReader(config, url);
  try {
    // every migration, core and plugins': the file is a complete SQLite household that also restores as one
    const target = (await openCliDatabase(config, { path: dest })).db;
    try {
      return await copyDatabase(source, target);
    } catch (err) {
      throw new QuorraError(
        'QUORRA_BACKUP_FAILED',
        `the database snapshot failed: ${(err as Error).message}`,
      );
    } finally {
      await target.destroy();
    }
  } finally {
    await source.destroy();
  }
}

/** Rows of household data the configured database holds now (what a restore would replace). */
export async function databaseRowsHeld(config: QuorraConfig): Promise<number> {
  if (!config.database.url) return 0;
  const { db } = await openCliDatabase(config);
  try {
    return await householdRows(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Puts the archive's SQLite file `snapshot` in place of the configured database: renamed into place on SQLite,
 * copied into PostgreSQL (one transaction, counts verified) there. With `force`, PostgreSQL's rows are replaced.
 */
export async function restoreDatabase(
  config: QuorraConfig,
  snapshot: string,
  dbFile: string,
  opts: { force: boolean },
): Promise<void> {
  if (!config.database.url) {
    mkdirSync(path.dirname(dbFile), { recursive: true });
    renameSync(snapshot, dbFile);
    return;
  }
  // the snapshot is brought up to this version's migrations first, so an older archive restores into a newer schema
  const source = (await openCliDatabase(config, { path: snapshot })).db;
  try {
    const target = (await openCliDatabase(config)).db;
    try {
      await copyDatabase(source, target, { force: opts.force });
    } finally {
      await target.destroy();
    }
  } finally {
    await source.destroy();
  }
}
