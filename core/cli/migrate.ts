// `quorra migrate`: applies pending migrations (core and every installed plugin) and exits.
import path from 'node:path';
import type { Writable } from 'node:stream';
import { coreMigrations } from '../../migrations/index.ts';
import { databasePath } from '../app.ts';
import { rootDir } from '../build-info.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { coreEntities } from '../db/entities.ts';
import { openDatabase } from '../db/open-database.ts';
import { loadPlugins } from '../plugin/plugin-loader.ts';

/** Opens the database, which runs migrations, and reports what was applied. */
export async function migrate(_args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const roots = [path.join(rootDir, 'plugins'), ...config.pluginPaths.map((p) => path.resolve(p))];
  const { plugins } = await loadPlugins(roots);
  const { db, applied } = await openDatabase({
    path: databasePath(config),
    busyTimeoutMs: config.database.busyTimeoutMs,
    entities: [...coreEntities, ...plugins.flatMap((p) => (p.definition.entities ?? []) as Function[])],
    migrations: [...coreMigrations, ...plugins.flatMap((p) => (p.definition.migrations ?? []) as Function[])],
  });
  await db.destroy();
  out.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  return 0;
}
