// Packs and unpacks archives with the system's tar (gzip): present on every machine and image Quorra runs on.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { QuorraError } from '../contracts/errors.ts';

const run = promisify(execFile);

/** Writes `dir`'s contents as a gzipped tar at `file`. */
export async function packDir(dir: string, file: string): Promise<void> {
  try {
    await run('tar', ['-czf', file, '-C', dir, '.']);
  } catch (err) {
    throw new QuorraError('QUORRA_BACKUP_FAILED', `could not write ${file}: ${(err as Error).message}`);
  }
}

/** Unpacks a gzipped tar into `dir` (which must exist); refuses entries that would land outside it. */
export async function unpackTo(file: string, dir: string): Promise<void> {
  let listing: string;
  try {
    listing = (await run('tar', ['-tzf', file], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (err) {
    throw new QuorraError(
      'QUORRA_BACKUP_CORRUPT',
      `${file} is not a readable archive: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const unsafe = listing.split('\n').find((e) => e.startsWith('/') || e.split('/').includes('..'));
  if (unsafe !== undefined)
    throw new QuorraError(
      'QUORRA_BACKUP_CORRUPT',
      `${file} has an entry outside the archive root: ${unsafe}`,
    );
  try {
    await run('tar', ['-xzf', file, '-C', dir, '--no-same-owner']);
  } catch (err) {
    throw new QuorraError(
      'QUORRA_BACKUP_CORRUPT',
      `could not unpack ${file}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
}
