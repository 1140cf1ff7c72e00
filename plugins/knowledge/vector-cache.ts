// One collection's vectors packed in memory for the embedded store's exact scan, kept in step with writes.
import type { TopK } from './top-k.ts';

/** Packs a vector as little-endian Float32 bytes (the BLOB format of knowledge_chunk.vector). */
export function packVector(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/** Unpacks a BLOB written by packVector (copying, so the BLOB's alignment does not matter). */
export function unpackVector(blob: Uint8Array): Float32Array {
  const out = new Float32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

/**
 * Row after row in one Float32Array, with the row ids beside it. Search never touches SQLite for vectors:
 * scanning 100k packed floats is far cheaper than decoding 100k BLOBs per query. Removal swaps the last
 * row into the hole, so the array stays dense and every operation is O(dims).
 */
export class VectorCache {
  dims: number;
  size = 0;
  private vectors: Float32Array;
  private ids: Float64Array;
  private readonly slotOf = new Map<number, number>();

  constructor(dims: number, capacity = 16) {
    this.dims = dims;
    this.vectors = new Float32Array(Math.max(1, capacity) * dims);
    this.ids = new Float64Array(Math.max(1, capacity));
  }

  /** Builds a cache from stored rows (id, packed vector), all of one dimension. */
  static fromRows(rows: { id: number; dimensions: number; vector: Uint8Array }[]): VectorCache {
    const cache = new VectorCache(rows.length ? Number(rows[0].dimensions) : 0, rows.length);
    const bytes = new Uint8Array(cache.vectors.buffer);
    for (const row of rows) {
      bytes.set(row.vector, cache.size * cache.dims * 4);
      cache.ids[cache.size] = Number(row.id);
      cache.slotOf.set(Number(row.id), cache.size);
      cache.size++;
    }
    return cache;
  }

  /** The live rows: ids and their packed vectors, slot by slot (views, not copies). */
  entries(): { ids: Float64Array; vectors: Float32Array } {
    return {
      ids: this.ids.subarray(0, this.size),
      vectors: this.vectors.subarray(0, this.size * this.dims),
    };
  }

  /** The row id at a slot. */
  idAt(slot: number): number {
    return this.ids[slot];
  }

  /** Adds a row; an empty cache takes the vector's dimension. */
  append(id: number, vector: Float32Array): void {
    if (!this.size) this.dims = vector.length;
    if ((this.size + 1) * this.dims > this.vectors.length || this.size + 1 > this.ids.length) {
      const capacity = Math.max(16, this.size * 2);
      const vectors = new Float32Array(capacity * this.dims);
      vectors.set(this.vectors.subarray(0, this.size * this.dims));
      const ids = new Float64Array(capacity);
      ids.set(this.ids.subarray(0, this.size));
      this.vectors = vectors;
      this.ids = ids;
    }
    this.vectors.set(vector, this.size * this.dims);
    this.ids[this.size] = id;
    this.slotOf.set(id, this.size);
    this.size++;
  }

  /** Removes a row by id (no-op when absent). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const last = this.size - 1;
    if (slot !== last) {
      const d = this.dims;
      this.vectors.copyWithin(slot * d, last * d, (last + 1) * d);
      this.ids[slot] = this.ids[last];
      this.slotOf.set(this.ids[slot], slot);
    }
    this.slotOf.delete(id);
    this.size--;
  }

  /** The hot loop: one dot product per row (vectors are unit length, so it is the cosine), into the heap. */
  scan(q: Float32Array, heap: TopK, offset: number): void {
    const { vectors, size, dims } = this;
    let threshold = heap.threshold;
    for (let i = 0, base = 0; i < size; i++, base += dims) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j + 3 < dims; j += 4) {
        s0 += vectors[base + j] * q[j];
        s1 += vectors[base + j + 1] * q[j + 1];
        s2 += vectors[base + j + 2] * q[j + 2];
        s3 += vectors[base + j + 3] * q[j + 3];
      }
      for (; j < dims; j++) s0 += vectors[base + j] * q[j];
      const score = s0 + s1 + s2 + s3;
      if (score > threshold) {
        heap.push(score, offset + i);
        threshold = heap.threshold;
      }
    }
  }
}
