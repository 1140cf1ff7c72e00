// Safe path handling for the vault: no traversal out of the root, no symlinks that lead outside it.
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Why a vault path was refused or a file was skipped; these are the labels counted in status and metrics. */
export type SkipReason =
  | 'outside-vault'
  | 'symlink-outside-vault'
  | 'symlinked-directory'
  | 'unreadable'
  | 'not-a-file'
  | 'too-large'
  | 'binary'
  | 'malformed-front-matter';

/** A refused path or file, with the reason it is counted under. */
export class VaultPathError extends Error {
  constructor(
    readonly reason: SkipReason,
    message: string,
  ) {
    super(message);
    this.name = 'VaultPathError';
  }
}

/** True when `child` is `parent` itself or lies beneath it. */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Only Markdown files are knowledge; images, PDFs and office files in the vault are left alone. */
export function isMarkdownPath(p: string): boolean {
  return /\.(md|markdown)$/i.test(p);
}

/** The vault-relative form (forward slashes) of an absolute or root-relative path; throws when it escapes. */
export function toVaultRelative(root: string, candidate: string): string {
  const absRoot = path.resolve(root);
  const abs = path.resolve(absRoot, candidate);
  if (!isInside(absRoot, abs) || abs === absRoot) {
    throw new VaultPathError('outside-vault', `${candidate} is not inside the vault`);
  }
  return path.relative(absRoot, abs).split(path.sep).join('/');
}

/** The absolute path of a vault-relative path. */
export function fromVaultRelative(root: string, rel: string): string {
  return path.join(path.resolve(root), ...rel.split('/'));
}

/** What a path in the vault turned out to be once symlinks are resolved. */
export interface ResolvedFile {
  /** The real location to read from (inside the vault, checked). */
  real: string;
  size: number;
}

/**
 * Resolves a vault file for reading. Returns undefined when nothing is there (deleted); throws
 * VaultPathError when the path (or any folder on the way) is a symlink leading outside the vault, when it
 * is a directory or something other than a regular file, or when it cannot be read.
 */
export async function resolveVaultFile(root: string, rel: string): Promise<ResolvedFile | undefined> {
  const abs = fromVaultRelative(root, rel);
  let link: Awaited<ReturnType<typeof lstat>>;
  try {
    link = await lstat(abs);
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw new VaultPathError('unreadable', `cannot stat ${rel}: ${(err as Error).message}`);
  }
  let real: string;
  try {
    real = await realpath(abs);
  } catch (err) {
    // A dangling symlink: the link exists, its target does not.
    if (isMissing(err)) throw new VaultPathError('unreadable', `${rel} is a symlink to nothing`);
    throw new VaultPathError('unreadable', `cannot resolve ${rel}: ${(err as Error).message}`);
  }
  const realRoot = await realpath(path.resolve(root));
  if (!isInside(realRoot, real)) {
    throw new VaultPathError('symlink-outside-vault', `${rel} resolves outside the vault`);
  }
  const target = link.isSymbolicLink() ? await stat(abs) : link;
  if (target.isDirectory()) {
    throw new VaultPathError(
      link.isSymbolicLink() ? 'symlinked-directory' : 'not-a-file',
      `${rel} is a directory, not a file`,
    );
  }
  if (!target.isFile()) throw new VaultPathError('not-a-file', `${rel} is not a regular file`);
  return { real, size: Number(target.size) };
}

/** True for "no such file" errors (ENOENT, ENOTDIR). */
export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
