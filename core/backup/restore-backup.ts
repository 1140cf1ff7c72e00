// `quorra restore`: unpacks and verifies an archive, then puts the database (the SQLite file, or its rows into
// PostgreSQL), the data dir and a separate vault back where this configuration expects them. A non-empty target is
// refused unless forced (then moved aside; PostgreSQL's rows are saved there as a SQLite file first).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { sqliteIntegrity } from '../db/sqlite-integrity.ts';
import { describeDatabaseUrl } from '../text/database-url.ts';
import { type BackupManifest, backupSources, DB_ENTRY, verifyUnpacked } from './backup-layout.ts';
import { databaseRowsHeld, restoreDatabase, snapshotDatabase } from './database-snapshot.ts';
import { unpackTo } from './tar.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the previous contents went when forced. */
  movedAside?: string;
}

/** Restores `archive`; with `force`, what was there is moved to `<dataDir>.before-restore-<time>` first. */
export async function restoreBackup(
  config: QuorraConfig,
  archive: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const src = backupSources(config);
  const file = path.resolve(archive);
  if (!existsSync(file)) throw new QuorraError('QUORRA_RESTORE_NO_ARCHIVE', `there is no archive at ${file}`);
  // the backup dir may live inside the data dir (the default); it is neither checked nor touched
  const occupied = [
    ...new Set([
      ...entries(src.dataDir, [src.backupDir, file]).map((e) => path.join(src.dataDir, e)),
      ...(existsSync(src.db) ? [src.db] : []),
      ...(src.separateVault ? entries(src.vault).map((e) => path.join(src.vault, e)) : []),
    ]),
  ];
  const rowsHeld = await databaseRowsHeld(config);
  if ((occupied.length || rowsHeld) && !opts.force)
    throw new QuorraError(
      'QUORRA_RESTORE_NOT_EMPTY',
      rowsHeld
        ? `the database ${describeDatabaseUrl(config.database.url!)} already holds ${rowsHeld} rows; restore into an empty one, or pass --force to replace them (they are saved aside first)`
        : `the data directory ${src.dataDir} is not empty (${occupied.length} entries); restore into an empty one, or pass --force to move what is there aside first`,
    );
  mkdirSync(src.dataDir, { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(src.dataDir), '.quorra-restore-'));
  try {
    await unpackTo(file, work);
    const manifest = await verifyUnpacked(work);
    const integrity = sqliteIntegrity(path.join(work, DB_ENTRY));
    if (!integrity.ok)
      throw new QuorraError(
        'QUORRA_BACKUP_CORRUPT',
        `the archive's database fails its integrity check: ${integrity.problems[0]}`,
      );
    const movedAside =
      occupied.length || rowsHeld
        ? `${src.dataDir}.before-restore-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`
        : undefined;
    if (movedAside) mkdirSync(movedAside, { recursive: true });
    if (movedAside && rowsHeld)
      await snapshotDatabase(config, src.db, path.join(movedAside, 'database-before-restore.db'));
    // PostgreSQL is filled before any file moves: that copy is the step that can still fail (in one transaction,
    // so it changes nothing then), and a failed restore must not leave the data dir moved aside
    if (config.database.url)
      await restoreDatabase(config, path.join(work, DB_ENTRY), src.db, { force: Boolean(opts.force) });
    if (movedAside)
      occupied.forEach((p, i) => {
        renameSync(p, path.join(movedAside, `${i}-${path.basename(p)}`));
      });
    for (const e of entries(path.join(work, 'data')))
      renameSync(path.join(work, 'data', e), path.join(src.dataDir, e));
    if (!config.database.url)
      await restoreDatabase(config, path.join(work, DB_ENTRY), src.db, { force: Boolean(opts.force) });
    if (manifest.separateVault && existsSync(path.join(work, 'vault'))) {
      // a vault that was separate comes back to this configuration's vault path, wherever that is now
      mkdirSync(src.vault, { recursive: true });
      for (const e of entries(path.join(work, 'vault')))
        renameSync(path.join(work, 'vault', e), path.join(src.vault, e));
    }
    return { manifest, movedAside };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Names in a directory (none when it does not exist), without the absolute paths in `except`. */
function entries(dir: string, except: string[] = []): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((e) => !except.includes(path.join(dir, e)));
}
