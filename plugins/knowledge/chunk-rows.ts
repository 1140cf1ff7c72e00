// Reads of knowledge_chunk the embedded store shares: search hits by id, and a collection's row fingerprint.

import type { EntityRows } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import type { RowFingerprint } from './hnsw-index.ts';
import type { VectorChunk } from './vector-chunk.entity.ts';
import type { SearchHit } from './vector-store.ts';

const hitProperties = [
  'id',
  'collection',
  'path',
  'ordinal',
  'kind',
  'title',
  'headings',
  'lineStart',
  'lineEnd',
  'text',
] as const;

/** A chunk row as read for a search: the hit's columns, and its packed vector when asked for. */
export interface HitRow {
  id: number;
  vector?: Uint8Array;
  [column: string]: unknown;
}

/**
 * Rows by id, in one statement (a rowid lookup each); ids whose row is gone are absent. Prepared once per
 * list length on SQLite (a search reads the same number of candidates every time): TypeORM's query path
 * cost ≈ 0.1 ms of CPU more per search on the grown household (bench/growth-bench.ts).
 */
export async function readHitRows(
  chunks: EntityRows<VectorChunk>,
  ids: number[],
  withVector = false,
): Promise<HitRow[]> {
  const columns = chunks.cols(withVector ? [...hitProperties, 'vector'] : hitProperties);
  return (await chunks.query({
    sql: `SELECT ${columns} FROM "${chunks.table}" WHERE ${chunks.col('id')} IN (${ids.map(() => '?').join(',')})`,
    params: ids,
  })) as HitRow[];
}

/** A row read by readHitRows as a search hit (without its score). */
export function toHit(r: HitRow): Omit<SearchHit, 'score'> {
  return {
    collection: r.collection as string,
    path: r.path as string,
    ordinal: r.ordinal as number,
    kind: r.kind as string,
    ...(r.title ? { title: r.title as string } : {}),
    headings: JSON.parse(r.headings as string),
    lineStart: r.line_start as number,
    lineEnd: r.line_end as number,
    text: r.text as string,
  };
}

/**
 * Count, largest and summed id and vector length of a collection's rows. A write by another process almost
 * always changes one (not a delete of the newest row plus an insert reusing its id, which is why this store
 * also removes a graph's sidecar before it writes).
 */
export async function rowFingerprint(db: DataSource, collection: string): Promise<RowFingerprint> {
  const rows: { n: number; mx: number; s: number; d: number }[] = await db.query(
    'SELECT COUNT(*) AS n, MAX(id) AS mx, SUM(id) AS s, MAX(dimensions) AS d FROM knowledge_chunk WHERE collection = ?',
    [collection],
  );
  const r = rows[0];
  return {
    count: Number(r?.n ?? 0),
    maxId: Number(r?.mx ?? 0),
    sumId: Number(r?.s ?? 0),
    dimensions: Number(r?.d ?? 0),
  };
}
