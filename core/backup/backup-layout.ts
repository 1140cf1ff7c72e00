// What a backup holds and where it comes from: the database snapshot, the data dir (vault, plugin data, crypto
// store, audit log) and a vault kept outside it; the manifest lists every file with its size and SHA-256.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { databasePath, vaultRoot } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';

export const MANIFEST = 'manifest.json';
/** The database snapshot's place inside the archive: a SQLite file, whichever dialect it was taken from. */
export const DB_ENTRY = 'db/quorra.db';

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'quorra-backup';
  version: 1;
  createdAt: string;
  quorraVersion: string;
  /** Whether the vault lived outside the data dir (then it is under `vault/`, else inside `data/`). */
  separateVault: boolean;
  /** The dialect the snapshot was taken from (absent in older archives: SQLite). The entry is SQLite either way. */
  database?: 'sqlite' | 'postgres';
  files: ManifestFile[];
}

/** Where things live for this configuration. */
export function backupSources(config: QuorraConfig) {
  const dataDir = path.resolve(config.dataDir);
  const vault = path.resolve(vaultRoot(config));
  const inside = (p: string) => p === dataDir || p.startsWith(dataDir + path.sep);
  return {
    dataDir,
    db: databasePath(config),
    vault,
    separateVault: !inside(vault),
    backupDir: path.resolve(config.backup.dir ?? path.join(dataDir, 'backups')),
  };
}

/** Relative paths of every file under `root`, skipping the absolute paths in `skip` (files or whole dirs). */
export function listFiles(root: string, skip: string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (skip.includes(full)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Lists `files` (relative to `root`) with sizes and checksums. */
export async function describeFiles(root: string, files: string[]): Promise<ManifestFile[]> {
  const out: ManifestFile[] = [];
  for (const rel of files) {
    const full = path.join(root, rel);
    out.push({
      path: rel.split(path.sep).join('/'),
      bytes: statSync(full).size,
      sha256: await sha256File(full),
    });
  }
  return out;
}

/**
 * Checks an unpacked archive against its manifest: every listed file present with its size and checksum, and
 * nothing unlisted. Throws QUORRA_BACKUP_CORRUPT naming the first few differences.
 */
export async function verifyUnpacked(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch (err) {
    throw new QuorraError(
      'QUORRA_BACKUP_CORRUPT',
      `the archive has no readable manifest: ${(err as Error).message}`,
    );
  }
  if (manifest.format !== 'quorra-backup' || manifest.version !== 1)
    throw new QuorraError('QUORRA_BACKUP_CORRUPT', 'not a Quorra backup (unknown manifest format)');
  const problems: string[] = [];
  const present = new Set(listFiles(dir).map((f) => f.split(path.sep).join('/')));
  present.delete(MANIFEST);
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!present.delete(f.path)) problems.push(`${f.path}: missing`);
    else if (statSync(full).size !== f.bytes || (await sha256File(full)) !== f.sha256)
      problems.push(`${f.path}: checksum differs`);
  }
  for (const extra of present) problems.push(`${extra}: not in the manifest`);
  if (!manifest.files.some((f) => f.path === DB_ENTRY))
    problems.push(`${DB_ENTRY}: missing from the manifest`);
  if (problems.length)
    throw new QuorraError(
      'QUORRA_BACKUP_CORRUPT',
      `the archive does not match its manifest: ${problems.slice(0, 5).join('; ')}`,
      problems,
    );
  return manifest;
}
