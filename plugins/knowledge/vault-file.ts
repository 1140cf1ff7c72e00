// Reads one vault file defensively (size, binary, encoding, symlinks) and turns it into titled chunks.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { type Chunk, type ChunkOptions, chunkMarkdown } from './chunker.ts';
import { type FrontMatter, FrontMatterError, parseFrontMatter } from './front-matter.ts';
import { resolveVaultFile, VaultPathError } from './vault-paths.ts';

/** A file's bytes as read, with the hash that decides whether anything changed. */
export interface LoadedFile {
  rel: string;
  hash: string;
  size: number;
  text: string;
}

/** A file parsed and chunked, ready to embed. */
export interface ParsedFile {
  frontMatter: FrontMatter;
  title: string;
  chunks: Chunk[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when the bytes are not text: a NUL byte, or not valid UTF-8. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  try {
    utf8.decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/** Loads a vault file; undefined when it no longer exists, VaultPathError when it must be skipped. */
export async function loadVaultFile(
  root: string,
  rel: string,
  maxBytes: number,
): Promise<LoadedFile | undefined> {
  const resolved = await resolveVaultFile(root, rel);
  if (!resolved) return undefined;
  if (resolved.size > maxBytes) {
    throw new VaultPathError(
      'too-large',
      `${rel} is ${resolved.size} bytes, over the ${maxBytes}-byte limit`,
    );
  }
  let bytes: Buffer;
  try {
    // Read at most one byte over the limit, in case the file grew since it was measured.
    const handle = await open(resolved.real, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(resolved.size, maxBytes) + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new VaultPathError('unreadable', `cannot read ${rel}: ${(err as Error).message}`);
  }
  if (bytes.length > maxBytes)
    throw new VaultPathError('too-large', `${rel} grew over the ${maxBytes}-byte limit`);
  if (looksBinary(bytes)) throw new VaultPathError('binary', `${rel} is not UTF-8 text`);
  return {
    rel,
    hash: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    text: bytes.toString('utf8'),
  };
}

/** Parses front matter and chunks the body; malformed front matter becomes a VaultPathError. */
export function parseVaultFile(file: LoadedFile, opts: ChunkOptions): ParsedFile {
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(file.text);
  } catch (err) {
    if (err instanceof FrontMatterError)
      throw new VaultPathError('malformed-front-matter', `${file.rel}: ${err.message}`);
    throw err;
  }
  const chunks = chunkMarkdown(parsed.body, opts, parsed.bodyStartLine);
  const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(parsed.body)?.[1];
  const title =
    parsed.frontMatter.title ?? h1 ?? path.posix.basename(file.rel).replace(/\.(md|markdown)$/i, '');
  return { frontMatter: parsed.frontMatter, title, chunks };
}

/** What is sent to the embedder for a chunk: the title and heading trail give a short chunk its context. */
export function embeddingText(title: string, chunk: Chunk): string {
  const trail = chunk.headings.filter((h) => h !== title);
  return [title, trail.join(' › '), chunk.text].filter(Boolean).join('\n');
}
