// Opens the whole household database for a one-shot job (a CLI command, a backup's snapshot or restore): core and
// every installed plugin's migrations applied.

import { coreMigrations } from '../../migrations/index.ts';
import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { openDatabase } from '../db/open-database.ts';
import { loadPlugins, pluginRoots, pluginTables } from '../plugin/plugin-loader.ts';
import { coreEntities } from './core-entities.ts';

/**
 * The database with migrations applied, and the names applied by this call. `where` overrides the configured
 * database: a SQLite file (`url: undefined` with a `path`) or a PostgreSQL URL.
 */
export async function openCliDatabase(config: QuorraConfig, where?: { path?: string; url?: string }) {
  const { plugins } = await loadPlugins(pluginRoots(config));
  const opened = await openDatabase({
    path: where?.path ?? databasePath(config),
    url: where ? where.url : config.database.url,
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: coreEntities,
    migrations: coreMigrations,
    plugins: pluginTables(plugins),
  });
  for (const f of opened.pluginFailures) process.stderr.write(`plugin ${f.id}: ${f.code}: ${f.message}\n`);
  return opened;
}
