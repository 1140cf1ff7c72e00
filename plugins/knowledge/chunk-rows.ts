// Reads of knowledge_chunk the embedded store shares: search hits by id, and a collection's row fingerprint.
import type { DataSource } from 'typeorm';
import type { RowFingerprint } from './hnsw-index.ts';
import type { SearchHit } from './vector-store.ts';

/** The hits' rows (without score) by id; ids whose row is gone are absent. */
export async function readHits(
  db: DataSource,
  ids: number[],
): Promise<Map<number, Omit<SearchHit, 'score'>>> {
  const rows: any[] = await db.query(
    `SELECT id, collection, path, ordinal, kind, title, headings, line_start, line_end, text
     FROM knowledge_chunk WHERE id IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        collection: r.collection,
        path: r.path,
        ordinal: r.ordinal,
        kind: r.kind,
        ...(r.title ? { title: r.title } : {}),
        headings: JSON.parse(r.headings),
        lineStart: r.line_start,
        lineEnd: r.line_end,
        text: r.text,
      },
    ]),
  );
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
