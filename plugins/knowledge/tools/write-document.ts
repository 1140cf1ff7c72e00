// Writes a validated Markdown document into a workspace's vault folder, and reindexes it at once.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lazyRequire, type WorkspacesCapability } from 'quorra/plugin';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import { isInside } from '../vault-paths.ts';

const yaml = lazyRequire<typeof Yaml>('yaml');

/** What the model may send for a document. */
export const documentInput = z
  .object({
    filename: z
      .string()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*\.md$/,
        'a kebab-case file name ending in .md, with no folders (e.g. check-in-guide.md)',
      ),
    title: z.string().trim().min(1).max(200),
    tags: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9 _-]{0,39}$/))
      .max(20)
      .default([]),
    guest_visible: z.boolean().default(false),
    body: z.string().min(1).max(200_000),
  })
  .strict();

export type DocumentInput = z.infer<typeof documentInput>;

/** Resolves where a document goes; refuses anything that would land outside the workspace folder. */
export async function documentPath(
  workspaces: WorkspacesCapability,
  slug: string,
  filename: string,
): Promise<string> {
  const ws = await workspaces.get(slug);
  if (!ws) throw new Error(`no workspace "${slug}"`);
  const dir = realpathSync(ws.dataDir);
  const target = path.join(dir, filename);
  if (!isInside(dir, target) || path.dirname(target) !== dir)
    throw new Error('the file name must not contain a path');
  if (existsSync(target) && lstatSync(target).isSymbolicLink())
    throw new Error('refusing to write through a symbolic link');
  return target;
}

/** Renders front matter and body as one Markdown file. */
export function renderDocument(d: DocumentInput): string {
  const front = yaml().stringify({ title: d.title, tags: d.tags, guest_visible: d.guest_visible }).trimEnd();
  return `---\n${front}\n---\n\n${d.body.trimEnd()}\n`;
}

/** Writes the file (create refuses to replace one) and returns the path written. */
export async function writeDocument(
  target: string,
  d: DocumentInput,
  mode: 'create' | 'overwrite',
): Promise<void> {
  await writeFile(target, renderDocument(d), { flag: mode === 'create' ? 'wx' : 'w' }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${path.basename(target)} already exists; overwriting it needs document_overwrite`);
    throw err;
  });
}
