// `quorra backup [path]` and `quorra restore <archive> [--force]`: the archive the nightly job writes, by hand.
import type { Writable } from 'node:stream';
import { createBackup } from '../backup/create-backup.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';

/** Writes a verified archive to `path` (a file, or a directory to put a timestamped one in); default: the backup dir. */
export async function backup(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  if (args.length > 1) throw new QuorraError('QUORRA_USAGE', 'usage: quorra backup [path]');
  const { file, manifest } = await createBackup(config, { dest: args[0] });
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
  out.write(
    `backup written and verified: ${file} (${manifest.files.length} files, ${bytes} bytes before compression)\n`,
  );
  return 0;
}

/** Restores an archive into the configured data dir; refuses a non-empty one unless --force. */
export async function restore(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1) throw new QuorraError('QUORRA_USAGE', 'usage: quorra restore <archive> [--force]');
  const { manifest, movedAside } = await restoreBackup(config, rest[0], { force });
  if (movedAside) out.write(`the previous contents were moved to ${movedAside}\n`);
  out.write(
    `restored the backup of ${manifest.createdAt} (${manifest.files.length} files) into ${config.dataDir}\n`,
  );
  return 0;
}
