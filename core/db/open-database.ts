// Opens Quorra's database through TypeORM (SQLite with WAL, unsynced commits and a busy timeout, or PostgreSQL when a URL is given)
// and runs pending migrations in order.
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import { QuorraError } from '../contracts/errors.ts';
import { describeDatabaseUrl, redactDatabaseUrls } from '../text/database-url.ts';
import { migrateByOwner } from './migrate-by-owner.ts';
import { relaxCommits } from './sqlite-durability.ts';

export interface OpenDatabaseOptions {
  /** The SQLite file; unused when `url` is set. */
  path: string;
  /** A `postgres://` URL: the database lives in PostgreSQL instead of the SQLite file. */
  url?: string;
  busyTimeoutMs: number;
  /** Core entities and migrations: a failing one stops the boot. */
  entities: MixedList<Function>;
  migrations: MixedList<Function>;
  /** Each plugin's tables: a failing migration (or an entity left without a table) fails that plugin only. */
  plugins?: PluginTables[];
}

/** A plugin's entities and migrations. */
export interface PluginTables {
  id: string;
  entities: Function[];
  migrations: Function[];
}

/** A plugin whose tables could not be made ready, with a coded reason. */
export interface PluginTableFailure {
  id: string;
  code: string;
  message: string;
}

/** Makes sure a directory exists and is writable; a clear coded error otherwise. */
export function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new QuorraError(
      'QUORRA_DATA_DIR_UNWRITABLE',
      `data directory ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): give the user running Quorra write access to it, or set QUORRA_DATA_DIR to a folder it can write`,
    );
  }
}

/** Opens the database and applies every pending migration; never uses synchronize. */
export async function openDatabase(
  opts: OpenDatabaseOptions,
): Promise<{ db: DataSource; applied: string[]; pluginFailures: PluginTableFailure[] }> {
  const plugins = opts.plugins ?? [];
  const common = {
    entities: [...(opts.entities as Function[]), ...plugins.flatMap((p) => p.entities)],
    migrations: [...(opts.migrations as Function[]), ...plugins.flatMap((p) => p.migrations)],
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
  } satisfies Partial<DataSourceOptions>;
  let db: DataSource;
  if (opts.url) {
    db = new DataSource({
      ...common,
      type: 'postgres',
      url: opts.url,
      connectTimeoutMS: opts.busyTimeoutMs,
      applicationName: 'quorra',
    });
    // node-postgres loads only for a PostgreSQL household: a SQLite one never pays for it
    const { adaptPostgres } = await import('./postgres-adapter.ts');
    adaptPostgres(db);
  } else {
    ensureWritableDir(path.dirname(opts.path));
    db = new DataSource({
      ...common,
      type: 'better-sqlite3',
      database: opts.path,
      enableWAL: true,
      timeout: opts.busyTimeoutMs,
    });
  }
  try {
    await db.initialize();
  } catch (err) {
    const where = opts.url ? describeDatabaseUrl(opts.url) : opts.path;
    throw new QuorraError(
      'QUORRA_DB_OPEN_FAILED',
      `could not open database ${where}: ${redactDatabaseUrls((err as Error).message)}`,
    );
  }
  serializeTransactions(db);
  await relaxCommits(db);
  const { applied, pluginFailures } = await migrateByOwner(db, plugins);
  return { db, applied, pluginFailures };
}

/**
 * TypeORM's SQLite drivers share one query runner, so two concurrent `db.transaction` calls would nest as
 * savepoints of each other and commit or roll back together. Queue them instead: one transaction at a time.
 * (Code inside a transaction must use the EntityManager it is given, never `db.transaction` again.)
 */
export function serializeTransactions(db: DataSource): void {
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  let tail: Promise<unknown> = Promise.resolve();
  db.transaction = ((...args: unknown[]) => {
    const run = tail.then(() => original(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as DataSource['transaction'];
}

/** Runs pending migrations, each in its own transaction; returns the names applied. */
export async function runMigrations(db: DataSource): Promise<string[]> {
  try {
    const done = await db.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } catch (err) {
    throw new QuorraError('QUORRA_MIGRATION_FAILED', `a migration failed: ${(err as Error).message}`);
  }
}
