// Opens the whole household database, core's tables and the given plugins', migrations applied: for the app at boot
// and for a one-shot job (a CLI command, a backup's snapshot or restore).

import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { openDatabase } from '../db/open-database.ts';
import { type LoadedPlugin, loadPlugins, pluginRoots, pluginTables } from '../plugin/plugin-loader.ts';
import { coreEntities, coreMigrations } from './core-entities.ts';

/**
 * The database with migrations applied, and the names applied by this call. `where` overrides the configured
 * database: a SQLite file (`url: undefined` with a `path`) or a PostgreSQL URL.
 */
export function openHouseholdDatabase(
  config: QuorraConfig,
  plugins: LoadedPlugin[],
  where?: { path?: string; url?: string },
) {
  return openDatabase({
    path: where?.path ?? databasePath(config),
    url: where ? where.url : config.database.url,
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: coreEntities,
    migrations: coreMigrations,
    plugins: pluginTables(plugins),
  });
}

/** For a one-shot job: every installed plugin's tables too; a plugin whose tables fail is named on stderr. */
export async function openCliDatabase(config: QuorraConfig, where?: { path?: string; url?: string }) {
  const { plugins } = await loadPlugins(pluginRoots(config));
  const opened = await openHouseholdDatabase(config, plugins, where);
  for (const f of opened.pluginFailures) process.stderr.write(`plugin ${f.id}: ${f.code}: ${f.message}\n`);
  return opened;
}
