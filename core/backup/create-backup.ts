// `quorra backup` and the nightly job: a consistent database snapshot (a SQLite file, from either dialect) plus the
// data dir (and a vault outside it) in one gzipped tar with a manifest of checksums, verified before it gets its name.
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
import { buildInfo } from '../build-info.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { sqliteIntegrity } from '../db/sqlite-integrity.ts';
import {
  type BackupManifest,
  backupSources,
  DB_ENTRY,
  describeFiles,
  listFiles,
  MANIFEST,
  verifyUnpacked,
} from './backup-layout.ts';
import { snapshotDatabase } from './database-snapshot.ts';
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
  if (!config.database.url && !existsSync(src.db))
    throw new QuorraError('QUORRA_BACKUP_FAILED', `there is no database at ${src.db} to back up`);
  const file = resolveDest(config, opts.dest, now);
  if (existsSync(file))
    throw new QuorraError('QUORRA_BACKUP_FAILED', `${file} exists already; choose another name`);
  const staging = mkdtempSync(path.join(path.dirname(file), '.quorra-backup-staging-'));
  const check = mkdtempSync(path.join(path.dirname(file), '.quorra-backup-verify-'));
  const partial = `${file}.partial`;
  try {
    await snapshotDatabase(config, src.db, path.join(staging, DB_ENTRY));
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
      database: config.database.url ? 'postgres' : 'sqlite',
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

/** Copies every file under `from` into `to`, skipping `skip`; a file deleted meanwhile is simply not copied. */
function copyTree(from: string, to: string, skip: string[]): void {
  mkdirSync(to, { recursive: true });
  // on PostgreSQL nothing may have been written to the data dir yet
  if (!existsSync(from)) return;
  for (const rel of listFiles(from, skip)) {
    try {
      mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
      cpSync(path.join(from, rel), path.join(to, rel), { preserveTimestamps: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
