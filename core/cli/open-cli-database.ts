// Opens the database for a one-shot CLI command: core and every installed plugin's migrations applied.
import path from 'node:path';
import { coreMigrations } from '../../migrations/index.ts';
import { rootDir } from '../build-info.ts';
import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { coreEntities } from '../db/entities.ts';
import { openDatabase } from '../db/open-database.ts';
import { loadPlugins } from '../plugin/plugin-loader.ts';

/** The database with migrations applied, and the names applied by this call. */
export async function openCliDatabase(config: QuorraConfig) {
  const roots = [path.join(rootDir, 'plugins'), ...config.pluginPaths.map((p) => path.resolve(p))];
  const { plugins } = await loadPlugins(roots);
  return openDatabase({
    path: databasePath(config),
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: [...coreEntities, ...plugins.flatMap((p) => (p.definition.entities ?? []) as Function[])],
    migrations: [...coreMigrations, ...plugins.flatMap((p) => (p.definition.migrations ?? []) as Function[])],
  });
}
