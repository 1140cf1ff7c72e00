// The one small interface both vector stores (embedded SQLite, Qdrant) implement, plus shared helpers.
import { createHash } from 'node:crypto';
import { QuorraError } from 'quorra/plugin';

/** One chunk as stored: where it came from, its text, and its (unit-length) vector. */
export interface VectorRecord {
  collection: string;
  /** Vault-relative path with forward slashes. */
  path: string;
  /** Position of the chunk within its file, from 0. */
  ordinal: number;
  kind: string;
  title?: string;
  headings: string[];
  lineStart: number;
  lineEnd: number;
  text: string;
  vector: Float32Array;
}

/** A search result: the record without its vector, with cosine similarity (higher is closer). */
export type SearchHit = Omit<VectorRecord, 'vector'> & { score: number };

/** What a store knows about one collection. */
export interface CollectionInfo {
  name: string;
  count: number;
  dimensions: number;
}

/** Where vectors live; every method is safe to call for a collection that does not exist yet. */
export interface VectorStore {
  readonly kind: 'embedded' | 'qdrant';
  /** Adds records; a collection takes the dimension of its first vector and refuses any other. */
  upsert(records: VectorRecord[]): Promise<void>;
  /** Removes every chunk of a file, in the given collections or (omitted) in all of them. */
  deleteByPath(path: string, collections?: string[]): Promise<void>;
  /** Exact top-k by cosine across the given collections; unknown collections contribute nothing. */
  search(collections: string[], vector: Float32Array, k: number): Promise<SearchHit[]>;
  /**
   * The stored (unit) vectors of a file's chunks 0..chunks-1 in one collection, in order; undefined unless
   * every one is there. Lets a moved file keep its vectors instead of being embedded again.
   */
  vectorsOf(collection: string, path: string, chunks: number): Promise<Float32Array[] | undefined>;
  /** Chunks in one collection, or in all of them. */
  count(collection?: string): Promise<number>;
  collections(): Promise<CollectionInfo[]>;
  dropCollection(name: string): Promise<void>;
  /** Drops every collection this store owns, empty ones included (a new embedder starts afresh). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** Orders found vectors by ordinal; undefined when any of 0..chunks-1 is missing. */
export function completeVectors(
  found: { ordinal: number; vector: Float32Array }[],
  chunks: number,
): Float32Array[] | undefined {
  const out: Float32Array[] = new Array(chunks);
  for (const f of found) if (f.ordinal >= 0 && f.ordinal < chunks) out[f.ordinal] = f.vector;
  for (let i = 0; i < chunks; i++) if (!out[i]) return undefined;
  return chunks ? out : undefined;
}

/** Thrown when vectors of different lengths would meet in one collection (or a query does not match). */
export class DimensionMismatchError extends QuorraError {
  constructor(collection: string, expected: number, got: number) {
    super(
      'QUORRA_KNOWLEDGE_DIMENSION_MISMATCH',
      `collection "${collection}" holds ${expected}-dimensional vectors, got ${got}`,
      { collection, expected, got },
    );
  }
}

/** Checks a batch is internally consistent and returns each collection's dimension in it. */
export function batchDimensions(records: VectorRecord[]): Map<string, number> {
  const dims = new Map<string, number>();
  for (const r of records) {
    if (!r.vector.length)
      throw new QuorraError('QUORRA_KNOWLEDGE_EMPTY_VECTOR', `empty vector for ${r.path}`);
    const seen = dims.get(r.collection);
    if (seen !== undefined && seen !== r.vector.length)
      throw new DimensionMismatchError(r.collection, seen, r.vector.length);
    dims.set(r.collection, r.vector.length);
  }
  return dims;
}

/** A stable UUID for a chunk, so re-upserting the same chunk overwrites instead of duplicating. */
export function chunkId(collection: string, path: string, ordinal: number): string {
  const hex = createHash('sha256').update(`${collection}\n${path}\n${ordinal}`).digest('hex');
  // Shaped as an RFC 4122 version-5-style UUID because Qdrant accepts only integers or UUIDs as ids.
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
