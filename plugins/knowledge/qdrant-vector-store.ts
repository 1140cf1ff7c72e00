// The Qdrant vector store: one Qdrant collection per Quorra collection, through @qdrant/js-client-rest.
import type { QdrantClient } from '@qdrant/js-client-rest';
import { normalise } from './lexical-embedder.ts';
import {
  batchDimensions,
  type CollectionInfo,
  chunkId,
  completeVectors,
  DimensionMismatchError,
  type SearchHit,
  type VectorRecord,
  type VectorStore,
} from './vector-store.ts';

/** Where the Qdrant server is and how its collections are named. */
export interface QdrantStoreOptions {
  url: string;
  apiKey?: string;
  /** Prefix of every Qdrant collection this store owns (others on the server are never touched). */
  prefix?: string;
  timeoutMs?: number;
}

/**
 * Quorra collection names (`member:@ann:example.org`) contain characters Qdrant refuses in a collection
 * name, so they are escaped reversibly: [a-z0-9-] stay, every other UTF-8 byte becomes `_xx` in hex.
 */
export function qdrantName(prefix: string, collection: string): string {
  let out = prefix;
  for (const byte of Buffer.from(collection, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[a-z0-9-]/.test(ch) ? ch : `_${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** The Quorra collection name behind a Qdrant collection name, or undefined if not ours. */
export function collectionFromQdrantName(prefix: string, name: string): string | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const bytes: number[] = [];
  const rest = name.slice(prefix.length);
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '_') {
      bytes.push(Number.parseInt(rest.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(rest.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Payload {
  collection: string;
  path: string;
  ordinal: number;
  kind: string;
  title?: string;
  headings: string[];
  line_start: number;
  line_end: number;
  text: string;
}

/** Vectors in Qdrant: cosine distance, a keyword index on `path` for delete-by-path. */
export class QdrantVectorStore implements VectorStore {
  readonly kind = 'qdrant' as const;
  private client?: Promise<QdrantClient>;
  private readonly prefix: string;
  // Vector size per existing Qdrant collection; 0 = known not to exist. Filled lazily.
  private readonly dims = new Map<string, number>();
  // The Quorra collections present on the server, listed once and then kept up to date by this store,
  // so deleting a file from "all collections" does not list the server's collections every time.
  private owned?: Set<string>;

  constructor(private readonly opts: QdrantStoreOptions) {
    this.prefix = opts.prefix ?? 'quorra-kb-';
  }

  /** The HTTP client, loaded with the first call: a household on the embedded store never loads it (nor undici). */
  private qdrant(): Promise<QdrantClient> {
    this.client ??= import('@qdrant/js-client-rest').then(
      ({ QdrantClient }) =>
        new QdrantClient({
          url: this.opts.url,
          apiKey: this.opts.apiKey,
          timeout: this.opts.timeoutMs ?? 30_000,
          // The version probe only warns on the console; the first real call reports a bad server properly.
          checkCompatibility: false,
        }),
    );
    return this.client;
  }

  private async dimensionsOf(collection: string): Promise<number> {
    const known = this.dims.get(collection);
    if (known !== undefined) return known;
    const name = qdrantName(this.prefix, collection);
    const { exists } = await (await this.qdrant()).collectionExists(name);
    let size = 0;
    if (exists) {
      const info = await (await this.qdrant()).getCollection(name);
      const vectors = info.config.params.vectors as { size?: number } | undefined;
      size = Number(vectors?.size ?? 0);
    }
    this.dims.set(collection, size);
    return size;
  }

  private async ensureCollection(collection: string, size: number): Promise<void> {
    const existing = await this.dimensionsOf(collection);
    if (existing && existing !== size) throw new DimensionMismatchError(collection, existing, size);
    if (existing) return;
    const name = qdrantName(this.prefix, collection);
    await (await this.qdrant()).createCollection(name, { vectors: { size, distance: 'Cosine' } });
    await (await this.qdrant()).createPayloadIndex(name, {
      field_name: 'path',
      field_schema: 'keyword',
      wait: true,
    });
    this.dims.set(collection, size);
    this.owned?.add(collection);
  }

  /** Creates missing collections, then upserts points with deterministic UUIDs. */
  async upsert(records: VectorRecord[]): Promise<void> {
    if (!records.length) return;
    const dims = batchDimensions(records);
    for (const [collection, size] of dims) await this.ensureCollection(collection, size);
    for (const collection of dims.keys()) {
      const points = records
        .filter((r) => r.collection === collection)
        .map((r) => ({
          id: chunkId(r.collection, r.path, r.ordinal),
          vector: Array.from(normalise(Float32Array.from(r.vector))),
          payload: toPayload(r) as unknown as Record<string, unknown>,
        }));
      for (let i = 0; i < points.length; i += 256) {
        await (await this.qdrant()).upsert(qdrantName(this.prefix, collection), {
          wait: true,
          points: points.slice(i, i + 256),
        });
      }
    }
  }

  /** Deletes by a `path` filter in each named (or every owned) collection. */
  async deleteByPath(path: string, collections?: string[]): Promise<void> {
    const targets = collections ?? (await this.ownedCollections());
    for (const collection of targets) {
      if (!(await this.dimensionsOf(collection))) continue;
      await (await this.qdrant()).delete(qdrantName(this.prefix, collection), {
        wait: true,
        filter: { must: [{ key: 'path', match: { value: path } }] },
      });
    }
  }

  /** Queries each collection for its top k and merges by score. */
  async search(collections: string[], vector: Float32Array, k: number): Promise<SearchHit[]> {
    const names = [...new Set(collections)];
    if (k <= 0 || !names.length) return [];
    const query = Array.from(normalise(Float32Array.from(vector)));
    const hits: SearchHit[] = [];
    for (const collection of names) {
      const size = await this.dimensionsOf(collection);
      if (!size) continue;
      if (size !== query.length) throw new DimensionMismatchError(collection, size, query.length);
      const res = await (await this.qdrant()).query(qdrantName(this.prefix, collection), {
        query,
        limit: k,
        with_payload: true,
      });
      for (const point of res.points)
        hits.push(fromPayload(point.payload as unknown as Payload, point.score));
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
  }

  /** A file's vectors, retrieved by the chunks' deterministic ids. */
  async vectorsOf(collection: string, path: string, chunks: number): Promise<Float32Array[] | undefined> {
    if (!chunks || !(await this.dimensionsOf(collection))) return undefined;
    const ids = Array.from({ length: chunks }, (_, ordinal) => chunkId(collection, path, ordinal));
    const points = await (await this.qdrant()).retrieve(qdrantName(this.prefix, collection), {
      ids,
      with_vector: true,
      with_payload: false,
    });
    const ordinalOf = new Map(ids.map((id, ordinal) => [id, ordinal]));
    return completeVectors(
      points
        .filter((p) => Array.isArray(p.vector) && ordinalOf.has(String(p.id)))
        .map((p) => ({
          ordinal: ordinalOf.get(String(p.id))!,
          vector: Float32Array.from(p.vector as number[]),
        })),
      chunks,
    );
  }

  /** Exact point count of one collection, or of every owned one. */
  async count(collection?: string): Promise<number> {
    const targets = collection ? [collection] : await this.ownedCollections();
    let total = 0;
    for (const c of targets) {
      if (!(await this.dimensionsOf(c))) continue;
      total += (await (await this.qdrant()).count(qdrantName(this.prefix, c), { exact: true })).count;
    }
    return total;
  }

  /** Every owned non-empty collection with its size and vector length. */
  async collections(): Promise<CollectionInfo[]> {
    const out: CollectionInfo[] = [];
    for (const name of (await this.ownedCollections()).sort()) {
      const count = await this.count(name);
      if (count) out.push({ name, count, dimensions: await this.dimensionsOf(name) });
    }
    return out;
  }

  /** Deletes the Qdrant collection behind a Quorra collection. */
  async dropCollection(name: string): Promise<void> {
    if (await this.dimensionsOf(name))
      await (await this.qdrant()).deleteCollection(qdrantName(this.prefix, name));
    this.dims.set(name, 0);
    this.owned?.delete(name);
  }

  /** Deletes every Qdrant collection under this store's prefix, empty ones included. */
  async clear(): Promise<void> {
    for (const name of await this.ownedCollections()) {
      await (await this.qdrant()).deleteCollection(qdrantName(this.prefix, name));
      this.dims.set(name, 0);
      this.owned?.delete(name);
    }
  }

  /** Forgets cached collection facts; the HTTP client holds no connection that needs closing. */
  async close(): Promise<void> {
    this.dims.clear();
    this.owned = undefined;
  }

  private async ownedCollections(): Promise<string[]> {
    if (!this.owned) {
      const { collections } = await (await this.qdrant()).getCollections();
      this.owned = new Set(
        collections
          .map((c) => collectionFromQdrantName(this.prefix, c.name))
          .filter((c): c is string => c !== undefined),
      );
    }
    return [...this.owned];
  }
}

function toPayload(r: VectorRecord): Payload {
  return {
    collection: r.collection,
    path: r.path,
    ordinal: r.ordinal,
    kind: r.kind,
    ...(r.title ? { title: r.title } : {}),
    headings: r.headings,
    line_start: r.lineStart,
    line_end: r.lineEnd,
    text: r.text,
  };
}

function fromPayload(p: Payload, score: number): SearchHit {
  return {
    collection: p.collection,
    path: p.path,
    ordinal: p.ordinal,
    kind: p.kind,
    ...(p.title ? { title: p.title } : {}),
    headings: p.headings ?? [],
    lineStart: p.line_start,
    lineEnd: p.line_end,
    text: p.text,
    score,
  };
}
