// The default vector store: chunks in Quorra's own database, searched exactly (small) or through HNSW (large).

import { EntityRows } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import { rowFingerprint } from './chunk-rows.ts';
import { CollectionIndex, type CollectionIndexOptions } from './collection-index.ts';
import { searchCollections } from './embedded-search.ts';
import { normalise } from './lexical-embedder.ts';
import { packVector, unpackVector } from './vector-cache.ts';
import { VectorChunk } from './vector-chunk.entity.ts';
import {
  batchDimensions,
  type CollectionInfo,
  completeVectors,
  DimensionMismatchError,
  type SearchHit,
  type VectorRecord,
  type VectorStore,
} from './vector-store.ts';

const insertColumns =
  'collection, path, ordinal, kind, title, headings, line_start, line_end, text, dimensions, vector';
// 11 bound values per row; 300 rows stay well below SQLite's variable limit.
const rowsPerInsert = 300;

/** Where large collections' graphs are saved, and the size from which a collection uses one. */
export interface EmbeddedStoreOptions {
  /** Folder of the saved graphs (the plugin's data dir); without it graphs are rebuilt per process. */
  indexDir?: string;
  /** Chunks in a collection from which it is searched through HNSW; default 10,000. */
  graphFrom?: number;
  /** How long after the last write a changed graph is saved; default 30 s. */
  saveDelayMs?: number;
}

/**
 * Chunks in the `knowledge_chunk` table (the truth: text, metadata, Float32 vectors). Each searched
 * collection is held in a CollectionIndex, loaded on its first search and then kept in step with every
 * write this store makes (the store must be the only writer of the table). Graphs live in their own files
 * beside a fingerprint of the rows; a missing or stale one is rebuilt from the table.
 */
export class EmbeddedVectorStore implements VectorStore {
  readonly kind = 'embedded' as const;
  private readonly caches = new Map<string, CollectionIndex>();
  private readonly loading = new Map<string, Promise<CollectionIndex>>();
  // Writes and cache loads run one at a time so a cache never misses a write that raced its load.
  private queue: Promise<unknown> = Promise.resolve();
  private readonly indexOptions: CollectionIndexOptions;
  private saveTimer?: NodeJS.Timeout;
  // the search's row reads, prepared once on SQLite (made on first search, when the entity's metadata is there)
  private chunkRows?: EntityRows<VectorChunk>;

  constructor(
    private readonly db: DataSource,
    private readonly opts: EmbeddedStoreOptions = {},
  ) {
    this.indexOptions = { dir: opts.indexDir, graphFrom: opts.graphFrom ?? 10_000 };
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Inserts records, replacing any with the same collection, path and ordinal. */
  upsert(records: VectorRecord[]): Promise<void> {
    if (!records.length) return Promise.resolve();
    return this.exclusive(async () => {
      const dims = batchDimensions(records);
      for (const [collection, d] of dims) {
        const existing = await this.storedDimensions(collection);
        if (existing && existing !== d) throw new DimensionMismatchError(collection, existing, d);
      }
      this.willChange(dims.keys());
      const replaced: { id: number; collection: string }[] = [];
      const inserted: { id: number; collection: string; vector: Float32Array }[] = [];
      await this.db.transaction(async (m) => {
        const byFile = new Map<string, Set<number>>();
        for (const r of records) {
          const key = JSON.stringify([r.collection, r.path]);
          byFile.set(key, (byFile.get(key) ?? new Set()).add(r.ordinal));
        }
        for (const [key, ordinals] of byFile) {
          const [collection, path] = JSON.parse(key) as [string, string];
          // By path alone: with `collection = ?` beside it the planner may walk the collection index, one
          // whole collection per file, which turned filling 100k chunks quadratic.
          const rows: { id: number; ordinal: number; collection: string }[] = await m.query(
            'SELECT id, ordinal, collection FROM knowledge_chunk WHERE path = ?',
            [path],
          );
          const stale = rows
            .filter((r) => r.collection === collection && ordinals.has(r.ordinal))
            .map((r) => r.id);
          if (stale.length) {
            await m.query(
              `DELETE FROM knowledge_chunk WHERE id IN (${stale.map(() => '?').join(',')})`,
              stale,
            );
            replaced.push(...stale.map((id) => ({ id, collection })));
          }
        }
        for (let i = 0; i < records.length; i += rowsPerInsert) {
          const slice = records.slice(i, i + rowsPerInsert);
          const vectors = slice.map((r) => normalise(Float32Array.from(r.vector)));
          const params = slice.flatMap((r, j) => [
            r.collection,
            r.path,
            r.ordinal,
            r.kind,
            r.title ?? null,
            JSON.stringify(r.headings),
            r.lineStart,
            r.lineEnd,
            r.text,
            vectors[j].length,
            packVector(vectors[j]),
          ]);
          const placeholders = slice.map(() => '(?,?,?,?,?,?,?,?,?,?,?)').join(',');
          const rows: { id: number; collection: string; path: string; ordinal: number }[] = await m.query(
            `INSERT INTO knowledge_chunk (${insertColumns}) VALUES ${placeholders} RETURNING id, collection, path, ordinal`,
            params,
          );
          // RETURNING order is not guaranteed, so rows are matched back to records by their key.
          const index = new Map(slice.map((r, j) => [JSON.stringify([r.collection, r.path, r.ordinal]), j]));
          for (const row of rows) {
            const j = index.get(JSON.stringify([row.collection, row.path, row.ordinal]))!;
            inserted.push({ id: row.id, collection: row.collection, vector: vectors[j] });
          }
        }
      });
      for (const { id, collection } of replaced) this.caches.get(collection)?.remove(id);
      for (const { id, collection, vector } of inserted) this.caches.get(collection)?.append(id, vector);
      this.scheduleSave();
    });
  }

  /** Deletes a file's chunks in the given collections (all when omitted). */
  deleteByPath(path: string, collections?: string[]): Promise<void> {
    if (collections && !collections.length) return Promise.resolve();
    return this.exclusive(async () => {
      // Looked up by path alone (the path index), the collections filtered here: see upsert.
      const wanted = collections && new Set(collections);
      const rows = (
        (await this.db.query('SELECT id, collection FROM knowledge_chunk WHERE path = ?', [path])) as {
          id: number;
          collection: string;
        }[]
      ).filter((r) => !wanted || wanted.has(r.collection));
      if (!rows.length) return;
      this.willChange(rows.map((r) => r.collection));
      await this.db.query(
        `DELETE FROM knowledge_chunk WHERE id IN (${rows.map(() => '?').join(',')})`,
        rows.map((r) => r.id),
      );
      for (const row of rows) this.caches.get(row.collection)?.remove(row.id);
      this.scheduleSave();
    });
  }

  /** Cosine top-k: small collections scanned exactly, large ones' graph candidates rescored exactly. */
  async search(collections: string[], vector: Float32Array, k: number): Promise<SearchHit[]> {
    const names = [...new Set(collections)];
    if (k <= 0 || !names.length) return [];
    const q = normalise(Float32Array.from(vector));
    const caches = await Promise.all(names.map((c) => this.cache(c)));
    caches.forEach((cache, i) => {
      if (cache.size && cache.dims !== q.length)
        throw new DimensionMismatchError(names[i], cache.dims, q.length);
    });
    this.chunkRows ??= new EntityRows(this.db, VectorChunk);
    return searchCollections(
      this.chunkRows,
      caches.filter((c) => c.size),
      q,
      k,
    );
  }

  /** A file's stored vectors in one collection (read by path, like every per-file lookup here). */
  async vectorsOf(collection: string, path: string, chunks: number): Promise<Float32Array[] | undefined> {
    const rows: { collection: string; ordinal: number; vector: Uint8Array }[] = await this.db.query(
      'SELECT collection, ordinal, vector FROM knowledge_chunk WHERE path = ?',
      [path],
    );
    return completeVectors(
      rows
        .filter((r) => r.collection === collection)
        .map((r) => ({ ordinal: Number(r.ordinal), vector: unpackVector(r.vector) })),
      chunks,
    );
  }

  /** Chunks in one collection, or overall. */
  async count(collection?: string): Promise<number> {
    const rows: { n: number }[] = collection
      ? await this.db.query('SELECT COUNT(*) AS n FROM knowledge_chunk WHERE collection = ?', [collection])
      : await this.db.query('SELECT COUNT(*) AS n FROM knowledge_chunk');
    return Number(rows[0]?.n ?? 0);
  }

  /** Every non-empty collection with its size and vector length. */
  async collections(): Promise<CollectionInfo[]> {
    const rows: { name: string; n: number; d: number }[] = await this.db.query(
      'SELECT collection AS name, COUNT(*) AS n, MAX(dimensions) AS d FROM knowledge_chunk GROUP BY collection ORDER BY collection',
    );
    return rows.map((r) => ({ name: r.name, count: Number(r.n), dimensions: Number(r.d) }));
  }

  /** Deletes a whole collection. */
  dropCollection(name: string): Promise<void> {
    return this.exclusive(async () => {
      this.willChange([name]);
      await this.db.query('DELETE FROM knowledge_chunk WHERE collection = ?', [name]);
      this.caches.delete(name);
    });
  }

  /** Deletes every chunk of every collection. */
  clear(): Promise<void> {
    return this.exclusive(async () => {
      this.willChange((await this.collections()).map((c) => c.name));
      await this.db.query('DELETE FROM knowledge_chunk');
      this.caches.clear();
    });
  }

  /** Saves changed graphs and drops the in-memory caches; the database stays open (it belongs to the app). */
  async close(): Promise<void> {
    clearTimeout(this.saveTimer);
    await this.exclusive(async () => {
      await this.saveGraphs();
      this.caches.clear();
    });
  }

  /** Saves every changed graph now (normally done a while after the last write, and on close). */
  flush(): Promise<void> {
    return this.exclusive(() => this.saveGraphs());
  }

  // Before the rows change, so a crash between the write and the next save can never leave a saved graph
  // that claims to describe rows it does not (it is rebuilt from the table instead).
  private willChange(collections: Iterable<string>): void {
    for (const name of collections) {
      const loaded = this.caches.get(name);
      if (loaded) loaded.willChange();
      else CollectionIndex.forget(this.indexOptions, name);
    }
  }

  private scheduleSave(): void {
    if (!this.indexOptions.dir) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(
      () => void this.flush().catch(() => undefined),
      this.opts.saveDelayMs ?? 30_000,
    );
    this.saveTimer.unref();
  }

  private async saveGraphs(): Promise<void> {
    for (const [name, cache] of this.caches) {
      if (cache.searchesGraph) cache.save(await rowFingerprint(this.db, name));
    }
  }

  private async storedDimensions(collection: string): Promise<number> {
    const cached = this.caches.get(collection);
    if (cached) return cached.size ? cached.dims : 0;
    const rows: { d: number }[] = await this.db.query(
      'SELECT dimensions AS d FROM knowledge_chunk WHERE collection = ? LIMIT 1',
      [collection],
    );
    return Number(rows[0]?.d ?? 0);
  }

  private cache(collection: string): Promise<CollectionIndex> {
    const ready = this.caches.get(collection);
    if (ready) return Promise.resolve(ready);
    let pending = this.loading.get(collection);
    if (!pending) {
      pending = this.exclusive(() => this.load(collection)).finally(() => this.loading.delete(collection));
      this.loading.set(collection, pending);
    }
    return pending;
  }

  private async load(collection: string): Promise<CollectionIndex> {
    const existing = this.caches.get(collection);
    if (existing) return existing;
    const cache = await CollectionIndex.open(
      collection,
      this.indexOptions,
      await rowFingerprint(this.db, collection),
      (afterId, limit) =>
        this.db.query(
          'SELECT id, dimensions, vector FROM knowledge_chunk WHERE collection = ? AND id > ? ORDER BY id LIMIT ?',
          [collection, afterId, limit],
        ),
    );
    this.caches.set(collection, cache);
    return cache;
  }
}
