// `quorra migrate`: applies pending migrations (core and every installed plugin) and exits; non-zero if any failed.
import type { Writable } from 'node:stream';
import type { QuorraConfig } from '../config/schema.ts';
import { openCliDatabase } from '../schema/household-database.ts';

/**
 * Opens the database, which runs migrations, and reports what was applied. A failing core migration throws
 * (exit 1 through main); a failing plugin's is named with its code on stderr (by openCliDatabase) and exits 1,
 * so a deploy script stops instead of starting a server with that plugin failed.
 */
export async function migrate(_args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const { db, applied, pluginFailures } = await openCliDatabase(config);
  await db.destroy();
  out.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  if (pluginFailures.length === 0) return 0;
  const ids = pluginFailures.map((f) => f.id).join(', ');
  process.stderr.write(
    `migrations failed for plugin(s): ${ids}; the other plugins and the core are migrated\n`,
  );
  return 1;
}
