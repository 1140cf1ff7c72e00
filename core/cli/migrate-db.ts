// `quorra migrate-db --from sqlite --to postgres://…`: moves a household's data from its SQLite file to PostgreSQL.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { copyDatabase } from '../db/copy-database.ts';
import { openCliDatabase } from '../schema/household-database.ts';
import { describeDatabaseUrl, isPostgresUrl } from '../text/database-url.ts';

const USAGE =
  'usage: quorra migrate-db --from sqlite[:<file>] --to <postgres-url> [--force] [--batch <rows>]';

interface Args {
  from: string;
  to: string;
  force: boolean;
  batch?: number;
}

function parseArgs(args: string[], config: QuorraConfig): Args {
  const out: Partial<Args> = { force: false };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    if (a === '--force') out.force = true;
    else if (a === '--from' || a === '--to' || a === '--batch') {
      const v = args[i + 1];
      if (v === undefined) throw new QuorraError('QUORRA_USAGE', USAGE);
      i += 1;
      if (a === '--from') out.from = v;
      else if (a === '--to') out.to = v;
      else out.batch = Number(v);
    } else throw new QuorraError('QUORRA_USAGE', `unknown argument "${a}"; ${USAGE}`);
  }
  const to = out.to ?? config.database.url;
  if (!out.from?.match(/^sqlite(:.+)?$/) || !to) throw new QuorraError('QUORRA_USAGE', USAGE);
  if (!isPostgresUrl(to))
    throw new QuorraError('QUORRA_USAGE', 'the target must be a postgres:// URL with a database name');
  if (out.batch !== undefined && !(Number.isInteger(out.batch) && out.batch > 0))
    throw new QuorraError('QUORRA_USAGE', '--batch takes a positive number of rows');
  return { from: out.from, to, force: out.force ?? false, batch: out.batch };
}

/** Both databases are opened with every migration applied (so both have the same tables), then the rows move. */
export async function migrateDb(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const a = parseArgs(args, config);
  const file = a.from.startsWith('sqlite:') ? path.resolve(a.from.slice(7)) : databasePath(config);
  if (!existsSync(file))
    throw new QuorraError('QUORRA_MIGRATE_DB_SOURCE', `there is no SQLite database at ${file}`);
  const source = (await openCliDatabase(config, { path: file })).db;
  try {
    const target = (await openCliDatabase(config, { url: a.to })).db;
    try {
      out.write(`copying ${file} → ${describeDatabaseUrl(a.to)}\n`);
      const report = await copyDatabase(source, target, {
        force: a.force,
        batchSize: a.batch,
        progress: (table, rows) => out.write(`  ${table}: ${rows} rows\n`),
      });
      const rows = report.tables.reduce((n, t) => n + t.rows, 0);
      out.write(
        `done: ${report.tables.length} tables, ${rows} rows, counts verified. Set DATABASE_URL to use it.\n`,
      );
      return 0;
    } finally {
      await target.destroy();
    }
  } finally {
    await source.destroy();
  }
}
