// `quorra migrate`: applies pending migrations (core and every installed plugin) and exits.
import type { Writable } from 'node:stream';
import type { QuorraConfig } from '../config/schema.ts';
import { openCliDatabase } from './open-cli-database.ts';

/** Opens the database, which runs migrations, and reports what was applied. */
export async function migrate(_args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const { db, applied } = await openCliDatabase(config);
  await db.destroy();
  out.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  return 0;
}
