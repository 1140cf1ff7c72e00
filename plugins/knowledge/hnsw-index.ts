// One large collection's approximate-nearest-neighbour graph (usearch HNSW over int8), saved to its own files.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lazyRequire } from 'quorra/plugin';
import type Usearch from 'usearch';

// the native addon loads with the first collection large enough for a graph: most households never have one
const usearch = lazyRequire<typeof Usearch>('usearch');

/** What the rows behind an index looked like when it was saved; any write changes it. */
export interface RowFingerprint {
  count: number;
  maxId: number;
  sumId: number;
  dimensions: number;
}

// int8 keeps 768-dim vectors at a quarter of their Float32 size; the exact rescoring by the store makes up for
// the rounding. Connectivity 16, build expansion 64, search expansion 128 (usearch walks max(expansion, count)):
// measured in bench/vector-search-bench.ts, recall@10 at 100k is set by the walk's width (0.95 at 96), not by
// how many of its candidates are rescored (the first 24 already hold nearly all that 128 do).
const config = (dimensions: number) => ({
  dimensions,
  metric: usearch().MetricKind.Cos,
  quantization: usearch().ScalarKind.I8,
  connectivity: 16,
  expansion_add: 64,
  expansion_search: 128,
  multi: false,
});

/**
 * The graph keyed by chunk row id. It only proposes candidates: the store rescores them exactly from the
 * rows, so a candidate that is gone or changed can never be answered with a wrong score or wrong text.
 */
export class HnswIndex {
  private constructor(
    readonly dims: number,
    private readonly index: InstanceType<typeof Usearch.Index>,
  ) {}

  static create(dims: number): HnswIndex {
    return new HnswIndex(dims, new (usearch().Index)(config(dims)));
  }

  /** Builds from packed unit vectors (row i of `vectors` belongs to ids[i]), on every core. */
  static build(dims: number, ids: ArrayLike<number>, vectors: Float32Array): HnswIndex {
    const index = HnswIndex.create(dims);
    index.addMany(ids, vectors);
    return index;
  }

  /** Adds packed vectors in one call (usearch spreads the insertions over every core). */
  addMany(ids: ArrayLike<number>, vectors: Float32Array): void {
    if (ids.length) this.index.add(BigUint64Array.from(Array.from(ids, BigInt)), vectors, 0);
  }

  /** Loads a saved index when its sidecar matches `expected`; undefined when missing, stale or unreadable. */
  static load(file: string, expected: RowFingerprint): HnswIndex | undefined {
    const sidecar = `${file}.json`;
    if (!existsSync(file) || !existsSync(sidecar)) return undefined;
    try {
      const saved = JSON.parse(readFileSync(sidecar, 'utf8')) as RowFingerprint;
      if (!sameFingerprint(saved, expected)) return undefined;
      const index = HnswIndex.create(expected.dimensions);
      index.index.load(file);
      return index.size === expected.count ? index : undefined;
    } catch {
      return undefined;
    }
  }

  /** Marks the files on disk as not describing the rows any more (called before the first write after a save). */
  static invalidate(file: string): void {
    rmSync(`${file}.json`, { force: true });
  }

  get size(): number {
    return this.index.size();
  }

  add(id: number, vector: Float32Array): void {
    this.index.add(BigInt(id), vector);
  }

  remove(id: number): void {
    this.index.remove(BigInt(id));
  }

  /** Up to `count` candidate row ids, nearest first. */
  candidates(q: Float32Array, count: number): number[] {
    if (!this.size) return [];
    const found = this.index.search(q, Math.min(count, this.size), 1);
    return Array.from(found.keys, Number);
  }

  /**
   * Saves graph then sidecar, each through a rename: a crash leaves either no sidecar (rebuilt on next load)
   * or a complete pair.
   */
  save(file: string, fingerprint: RowFingerprint): void {
    mkdirSync(path.dirname(file), { recursive: true });
    HnswIndex.invalidate(file);
    this.index.save(`${file}.tmp`);
    renameSync(`${file}.tmp`, file);
    writeFileSync(`${file}.json.tmp`, JSON.stringify(fingerprint));
    renameSync(`${file}.json.tmp`, `${file}.json`);
  }
}

function sameFingerprint(a: RowFingerprint, b: RowFingerprint): boolean {
  return a.count === b.count && a.maxId === b.maxId && a.sumId === b.sumId && a.dimensions === b.dimensions;
}
