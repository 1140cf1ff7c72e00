// The embedded store's search: small collections scanned exactly in memory, large ones' graph candidates rescored.
import type { EntityRows } from 'quorra/plugin';
import { type HitRow, readHitRows, toHit } from './chunk-rows.ts';
import type { CollectionIndex } from './collection-index.ts';
import { TopK } from './top-k.ts';
import { unpackVector } from './vector-cache.ts';
import type { VectorChunk } from './vector-chunk.entity.ts';
import type { SearchHit } from './vector-store.ts';

/**
 * Exact cosine top-k over loaded, non-empty collections of the query's length (`q` is unit length). Heap
 * items below `offset` are exact-scan slots; from `offset` on they index the graph candidates' rows, read
 * whole (vector, text and metadata in one statement), so only the scan's winners need a second read.
 */
export async function searchCollections(
  chunks: EntityRows<VectorChunk>,
  caches: CollectionIndex[],
  q: Float32Array,
  k: number,
): Promise<SearchHit[]> {
  const heap = new TopK(k);
  const owners: { cache: CollectionIndex; offset: number }[] = [];
  const proposed: number[] = [];
  let offset = 0;
  for (const cache of caches) {
    if (cache.searchesGraph) {
      proposed.push(...cache.candidates(q, k));
    } else {
      owners.push({ cache, offset });
      cache.scan(q, heap, offset);
      offset += cache.size;
    }
  }
  // Scores come from the stored Float32 rows, never from the int8 graph: a candidate that was deleted
  // meanwhile is simply absent, and every returned score is the exact cosine.
  const rows = proposed.length ? await readHitRows(chunks, proposed, true) : [];
  for (const [i, row] of rows.entries()) heap.push(dot(unpackVector(row.vector!), q), offset + i);
  const best = heap.sorted();
  const scannedId = (item: number) => {
    const owner = owners.findLast((o) => o.offset <= item)!;
    return owner.cache.idAt(item - owner.offset);
  };
  const scanned = best.filter((b) => b.item < offset).map((b) => scannedId(b.item));
  // A scanned row deleted between the scan and this read simply drops out of the answer.
  const byId = new Map<number, HitRow>(
    (scanned.length ? await readHitRows(chunks, scanned) : []).map((r) => [Number(r.id), r]),
  );
  const hits: SearchHit[] = [];
  for (const { score, item } of best) {
    const row = item >= offset ? rows[item - offset] : byId.get(scannedId(item));
    if (row) hits.push({ ...toHit(row), score });
  }
  return hits;
}

function dot(v: Float32Array, q: Float32Array): number {
  let score = 0;
  for (let i = 0; i < v.length; i++) score += v[i] * q[i];
  return score;
}
