// Lists the Markdown files of the vault's indexed areas without following symlinked folders.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMarkdownPath, type SkipReason } from './vault-paths.ts';

/** A walk result: a candidate file to index, or a folder that could not be walked and why. */
export type WalkEntry =
  | { rel: string; skip?: undefined }
  | { rel: string; skip: SkipReason; message: string };

const areas = ['household', 'members', 'workspaces'];

/**
 * Walks household/, members/ and workspaces/ under the root. Dot-entries (.obsidian, .trash, editor swap
 * files) are ignored. Symlinked folders are never entered: they could loop or lead out of the vault, and
 * a folder that should be indexed can simply live in the vault. Symlinked files are returned as
 * candidates; the indexer checks where they point.
 */
export async function walkVault(root: string): Promise<WalkEntry[]> {
  const out: WalkEntry[] = [];
  const visit = async (rel: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, ...rel.split('/')), { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      out.push({ rel, skip: 'unreadable', message: `cannot list ${rel}: ${(err as Error).message}` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isSymbolicLink()) {
        if (isMarkdownPath(entry.name)) out.push({ rel: child });
        else if (await isDirectoryLink(root, child)) {
          out.push({
            rel: child,
            skip: 'symlinked-directory',
            message: `${child} is a symlinked folder; not followed`,
          });
        }
      } else if (entry.isFile() && isMarkdownPath(entry.name)) out.push({ rel: child });
    }
  };
  for (const area of areas) await visit(area);
  return out;
}

async function isDirectoryLink(root: string, rel: string): Promise<boolean> {
  try {
    return (await stat(path.join(root, ...rel.split('/')))).isDirectory();
  } catch {
    return false;
  }
}
