// `quorra backup` and the nightly job: an online SQLite snapshot plus the data dir (and a vault outside it) in one
// gzipped tar with a manifest of checksums, unpacked and verified before it gets its final name.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildInfo } from '../build-info.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { sqliteIntegrity } from '../db/sqlite-integrity.ts';
import { QuorraError } from '../errors.ts';
import {
  type BackupManifest,
  backupSources,
  DB_ENTRY,
  describeFiles,
  listFiles,
  MANIFEST,
  verifyUnpacked,
} from './backup-layout.ts';
import { packDir, unpackTo } from './tar.ts';

export const ARCHIVE_PREFIX = 'quorra-backup-';

/** The archive name for a moment: sortable, no characters a file system dislikes. */
export function archiveName(now: Date): string {
  return `${ARCHIVE_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** Where the archive goes: a directory gets a timestamped name inside it; nothing means the backup dir. */
function resolveDest(config: QuorraConfig, dest: string | undefined, now: Date): string {
  const target = path.resolve(dest ?? backupSources(config).backupDir);
  if (dest === undefined || dest.endsWith('/') || (existsSync(target) && statSync(target).isDirectory())) {
    mkdirSync(target, { recursive: true });
    return path.join(target, archiveName(now));
  }
  mkdirSync(path.dirname(target), { recursive: true });
  return target;
}

/** Writes and verifies one archive; resolves with its path and manifest. Safe while Quorra serves. */
export async function createBackup(
  config: QuorraConfig,
  opts: { dest?: string; now?: Date } = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const now = opts.now ?? new Date();
  const src = backupSources(config);
  // an archive without the database would restore an empty household: refuse rather than look like a backup
  if (config.database.url)
    throw new QuorraError(
      'QUORRA_BACKUP_POSTGRES',
      'the database is PostgreSQL: back it up with pg_dump (and the data directory with it); quorra backup archives SQLite households',
    );
  if (!existsSync(src.db))
    throw new QuorraError('QUORRA_BACKUP_FAILED', `there is no database at ${src.db} to back up`);
  const file = resolveDest(config, opts.dest, now);
  if (existsSync(file))
    throw new QuorraError('QUORRA_BACKUP_FAILED', `${file} exists already; choose another name`);
  const staging = mkdtempSync(path.join(path.dirname(file), '.quorra-backup-staging-'));
  const check = mkdtempSync(path.join(path.dirname(file), '.quorra-backup-verify-'));
  const partial = `${file}.partial`;
  try {
    await snapshotDatabase(src.db, path.join(staging, DB_ENTRY), config.database.busyTimeoutMs);
    const skip = [
      src.db,
      `${src.db}-wal`,
      `${src.db}-shm`,
      `${src.db}-journal`,
      src.backupDir,
      staging,
      check,
      partial,
    ];
    copyTree(src.dataDir, path.join(staging, 'data'), skip);
    if (src.separateVault && existsSync(src.vault)) copyTree(src.vault, path.join(staging, 'vault'), skip);
    const manifest: BackupManifest = {
      format: 'quorra-backup',
      version: 1,
      createdAt: now.toISOString(),
      quorraVersion: buildInfo.version,
      separateVault: src.separateVault,
      files: await describeFiles(staging, listFiles(staging)),
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await packDir(staging, partial);
    // read back what was written, not what was staged: the archive itself must unpack and match
    await unpackTo(partial, check);
    await verifyUnpacked(check);
    const integrity = sqliteIntegrity(path.join(check, DB_ENTRY));
    if (!integrity.ok)
      throw new QuorraError(
        'QUORRA_BACKUP_FAILED',
        `the database snapshot failed its integrity check: ${integrity.problems[0]}`,
      );
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(check, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** SQLite's online backup API through its own connection: a consistent copy while other connections write. */
async function snapshotDatabase(dbFile: string, dest: string, timeoutMs: number): Promise<void> {
  mkdirSync(path.dirname(dest), { recursive: true });
  const db = new Database(dbFile, { fileMustExist: true, timeout: timeoutMs });
  try {
    await db.backup(dest);
  } catch (err) {
    throw new QuorraError('QUORRA_BACKUP_FAILED', `the database snapshot failed: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

/** Copies every file under `from` into `to`, skipping `skip`; a file deleted meanwhile is simply not copied. */
function copyTree(from: string, to: string, skip: string[]): void {
  mkdirSync(to, { recursive: true });
  for (const rel of listFiles(from, skip)) {
    try {
      mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
      cpSync(path.join(from, rel), path.join(to, rel), { preserveTimestamps: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
