// Runs core migrations (a failure stops the boot), then each plugin's on its own (a failure fails that plugin),
// then checks that every entity has its table, so a missing migration is named at boot, not at the first query.
import type { DataSource, MigrationInterface } from 'typeorm';
import { QuorraError } from '../contracts/errors.ts';
import { tableNames } from './dialect.ts';
import type { PluginTableFailure, PluginTables } from './open-database.ts';
import { runMigrations } from './open-database.ts';

/** Applies pending migrations owner by owner and checks the schema; returns what ran and which plugins failed. */
export async function migrateByOwner(
  db: DataSource,
  plugins: PluginTables[],
): Promise<{ applied: string[]; pluginFailures: PluginTableFailure[] }> {
  const all = db.migrations;
  const ownerOf = new Map<Function, string>();
  for (const p of plugins) for (const m of p.migrations) ownerOf.set(m, p.id);
  const only = (owner: string) => all.filter((m) => (ownerOf.get(m.constructor) ?? 'core') === owner);
  // TypeORM runs whatever db.migrations holds; narrowing it per owner keeps one plugin's failure its own
  const use = (list: MigrationInterface[]) => Object.assign(db, { migrations: list });
  const applied: string[] = [];
  const failures: PluginTableFailure[] = [];
  try {
    use(only('core'));
    applied.push(...(await runMigrations(db)));
    for (const p of plugins) {
      use(only(p.id));
      try {
        applied.push(...(await runMigrations(db)));
      } catch (err) {
        failures.push({ id: p.id, code: 'QUORRA_PLUGIN_MIGRATION_FAILED', message: (err as Error).message });
      }
    }
  } finally {
    use(all);
  }
  const tables = await tableNames(db);
  const entityOwner = new Map<unknown, string>();
  for (const p of plugins) for (const e of p.entities) entityOwner.set(e, p.id);
  for (const meta of db.entityMetadatas) {
    if (meta.tableType === 'view' || tables.has(meta.tableName)) continue;
    const owner = entityOwner.get(meta.target) ?? 'core';
    const message = `entity ${meta.name} has no table "${meta.tableName}" after migrations: add a migration that creates it`;
    if (owner === 'core') throw new QuorraError('QUORRA_ENTITY_NO_TABLE', message);
    if (!failures.some((f) => f.id === owner))
      failures.push({ id: owner, code: 'QUORRA_PLUGIN_ENTITY_NO_TABLE', message });
  }
  return { applied, pluginFailures: failures };
}
