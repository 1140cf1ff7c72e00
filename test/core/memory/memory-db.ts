// Test helper: a real SQLite file in a temp dir with the core and memory migrations applied, and a settable clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { coreEntities, coreMigrations } from '../../../core/schema/core-entities.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

export interface MemoryDb {
  db: DataSource;
  /** The clock the stores read; tests move it instead of sleeping. */
  clock: { now: Date };
  now: () => Date;
  close(): Promise<void>;
}

/** Opens a fresh database; the sets dedupe in case the memory migration is also wired into the core list. */
export async function openMemoryDb(start = new Date('2030-06-01T12:00:00Z')): Promise<MemoryDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-memory-'));
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    url: await testDatabaseUrl(),
    busyTimeoutMs: 5000,
    entities: coreEntities,
    migrations: coreMigrations,
  });
  const clock = { now: start };
  return {
    db,
    clock,
    now: () => clock.now,
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Shifts a date by whole days. */
export function days(from: Date, n: number): Date {
  return new Date(from.getTime() + n * 86_400_000);
}
