// The nightly backup: writes a verified archive into the backup dir, then keeps only the newest `backup.keep`.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { QuorraConfig } from '../config/schema.ts';
import type { Disposable } from '../contracts/disposable.ts';
import type { Logger } from '../logger.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { backupSources } from './backup-layout.ts';
import { ARCHIVE_PREFIX, createBackup } from './create-backup.ts';

/** Runs one nightly backup and prunes; returns the archive written and the ones removed. */
export async function runNightlyBackup(config: QuorraConfig, now = new Date()) {
  const { file } = await createBackup(config, { now });
  return { file, removed: pruneArchives(backupSources(config).backupDir, config.backup.keep) };
}

/** Deletes all but the newest `keep` archives in `dir`; returns the names removed. */
export function pruneArchives(dir: string, keep: number): string[] {
  const archives = listArchives(dir);
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** Archive names in the backup dir, oldest first (names sort by time). */
export function listArchives(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.startsWith(ARCHIVE_PREFIX) && n.endsWith('.tar.gz'))
      .sort();
  } catch {
    return [];
  }
}

/** Schedules the nightly backup when enabled, on SQLite and PostgreSQL alike. */
export function scheduleBackups(
  config: QuorraConfig,
  scheduler: Scheduler,
  logger: Logger,
): Disposable | undefined {
  if (!config.backup.enabled) return undefined;
  return scheduler.add(
    config.backup.cron,
    'backup',
    async () => {
      const { file, removed } = await runNightlyBackup(config);
      logger.info({ file, removed: removed.length }, 'nightly backup written and verified');
    },
    { about: 'Backs up the household’s data and checks the copy' },
  );
}
