// Finds vectors already embedded for the same content, so a moved or copied file is not embedded again.
import type { Repository } from 'typeorm';
import type { IndexedFile } from './indexed-file.entity.ts';
import type { VectorStore } from './vector-store.ts';

/** What identifies embeddable content: the file's bytes, its title (part of every chunk's text) and the embedder. */
export interface ContentKey {
  hash: string;
  title: string;
  embedder: string;
  chunks: number;
}

const keyOf = (k: ContentKey) => JSON.stringify([k.hash, k.title, k.embedder, k.chunks]);
// A move arrives as a removal and an addition, in either order; this many removed files are remembered.
const REMEMBERED = 64;

/**
 * Two sources: a live file with the same content (an addition seen before the removal, or a copy), and the
 * vectors of files removed moments ago (the removal seen first), kept in a small bounded memory.
 */
export class MovedVectors {
  private readonly removed = new Map<string, Float32Array[]>();

  constructor(
    private readonly store: VectorStore,
    private readonly files: () => Repository<IndexedFile>,
  ) {}

  /** Keeps a file's vectors before its chunks are deleted. */
  async remember(row: IndexedFile): Promise<void> {
    const [collection] = JSON.parse(row.collections) as string[];
    if (!collection || !row.chunks) return;
    const vectors = await this.store.vectorsOf(collection, row.path, row.chunks);
    if (!vectors) return;
    const key = keyOf({ hash: row.hash, title: row.title ?? '', embedder: row.embedder, chunks: row.chunks });
    this.removed.delete(key);
    this.removed.set(key, vectors);
    if (this.removed.size > REMEMBERED) this.removed.delete(this.removed.keys().next().value!);
  }

  /** Vectors already stored for this content (the same file re-filed, a move, a copy), or undefined. */
  async find(key: ContentKey): Promise<Float32Array[] | undefined> {
    const remembered = this.removed.get(keyOf(key));
    if (remembered) return remembered;
    const twins = await this.files().find({ where: { hash: key.hash, embedder: key.embedder }, take: 5 });
    for (const twin of twins) {
      if ((twin.title ?? '') !== key.title || twin.chunks !== key.chunks) continue;
      const [collection] = JSON.parse(twin.collections) as string[];
      const vectors = collection && (await this.store.vectorsOf(collection, twin.path, key.chunks));
      if (vectors) return vectors;
    }
    return undefined;
  }
}
