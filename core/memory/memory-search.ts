// Full-text + tag search over memories (FTS5 on SQLite, tsvector on PostgreSQL), restricted by a seal or slice
// filter, ranked by the same BM25 on both.
import type { DataSource } from 'typeorm';
import { dialectOf, pinnedJoin } from '../db/dialect.ts';
import { preparedStatement } from '../db/entity-rows.ts';
import { sqliteConnection } from '../db/sqlite-connection.ts';
import { queryWeights, type ScoringStats, scoreDocs, windowStats } from '../text/bm25-score.ts';
import { queryWords } from './fts-query.ts';
import { fts5Candidates } from './fts5-candidates.ts';
import type { Memory } from './memory.entity.ts';
import { tagSchema } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import { postgresCandidates } from './postgres-text-search.ts';
import { MAX_RECALL_INDEX, recallIndex } from './recall-index.ts';
import type { RecallPostings } from './recall-postings.ts';
import type { RowFilter } from './seal-filter.ts';
import { queryStats } from './term-stats.ts';

export interface RecallQuery {
  /** Free text (a user message, a topic); split into words, OR-ed. */
  text?: string;
  /** Topic tags; exact matches rank above word matches. Invalid tags are ignored, never an error. */
  tags?: string[];
  /** How many results, 1..50 (default 8). */
  limit?: number;
}

export interface ScoredMemory {
  memory: Memory;
  /** Higher is better; only comparable within one result list. */
  score: number;
}

/** How many of each word's newest matches a search ranks; bounds per-query work however large the table grows. */
export const DEFAULT_SEARCH_WINDOW = 200;
/** Rows taken from the index beyond the limit, so a few the seal turns away need no second read. */
const INDEX_MARGIN = 4;
/** Each word still brings at least this many of its newest matches when a long query splits the window. */
const MIN_PER_WORD = 16;
/** Trims, lowercases and keeps the valid ones of up to 20 query tags. */
export function normalizeQueryTags(tags: readonly unknown[] | undefined): string[] {
  const out = new Set<string>();
  for (const t of (tags ?? []).slice(0, 20)) {
    const parsed = tagSchema.safeParse(t);
    if (parsed.success) out.add(parsed.data);
  }
  return [...out];
}

/** Each query term's newest matches inside the filter (at most `perTerm` per term), with what ranking reads. */
export type CandidateSearch = (
  db: DataSource,
  filter: RowFilter,
  query: { words: string[]; tags: string[] },
  perTerm: number,
) => Promise<Array<{ id: number; content: string; tags: string }>>;

/** The words and tags a recall searches with; none means it finds nothing (the owner listing's "unreachable" too). */
export function recallTerms(
  text: string,
  tags: readonly unknown[] | undefined,
): { words: string[]; tags: string[] } {
  return { words: queryWords(text), tags: normalizeQueryTags(tags) };
}

/**
 * Searches the memories a filter admits. SQLite ranks by BM25 with whole-index statistics over candidates that
 * reach an old best match (fts5-candidates.ts); PostgreSQL ranks each term's newest matches with the window's own
 * statistics. Either way the SQL filter (seal, slice, liveness) is the authority on what is returned.
 */
export async function searchMemories(
  db: DataSource,
  filter: RowFilter,
  query: RecallQuery,
  window = DEFAULT_SEARCH_WINDOW,
  indexCap = MAX_RECALL_INDEX,
): Promise<ScoredMemory[]> {
  const { words, tags } = recallTerms(query.text ?? '', query.tags);
  const terms = words.length + (tags.length > 0 ? 1 : 0);
  if (terms === 0 || filter.scopeKeys.length === 0) return [];
  const limit = Math.min(50, Math.max(1, Math.trunc(query.limit ?? 8)));
  const index = dialectOf(db) === 'sqlite' ? recallIndex(db, indexCap) : null;
  if (index) return searchIndexed(db, index, filter, { words, tags }, limit);
  let found: Array<{ id: number; content: string; tags: string }>;
  let stats: ScoringStats | undefined;
  if (dialectOf(db) === 'postgres') {
    const perTerm = Math.max(Math.min(MIN_PER_WORD, window), Math.ceil(window / terms));
    found = await postgresCandidates(db, filter, { words, tags }, perTerm);
  } else ({ candidates: found, stats } = await fts5Candidates(db, filter, { words, tags }, window));
  const docs = found.map((r) => ({
    id: Number(r.id),
    content: String(r.content),
    tags: JSON.parse(String(r.tags)) as string[],
  }));
  const best = scoreDocs(docs, { words, tags }, stats ?? windowStats(docs, words)).slice(0, limit);
  if (best.length === 0) return [];
  const byId = new Map(
    (
      await sealedRows(
        db,
        filter,
        best.map((b) => b.doc.id),
      )
    ).map((m) => [m.id, m]),
  );
  return best.flatMap(({ doc, score }) => {
    const memory = byId.get(doc.id);
    return memory ? [{ memory, score }] : [];
  });
}

/** The read of these ids' rows that the filter admits (the seal's final word), by primary key. */
export function sealedRead(
  db: DataSource,
  filter: RowFilter,
  ids: number[],
): { sql: string; params: unknown[] } {
  return {
    // the pinned join: look the few ids up by primary key rather than walking the seal's index
    sql:
      `WITH picked(id) AS (VALUES ${ids.map(() => '(CAST(? AS INTEGER))').join(', ')})` +
      ` SELECT m.* FROM picked ${pinnedJoin(db)} memories m ON m.id = picked.id WHERE ${filter.where}`,
    params: [...ids, ...filter.params],
  };
}

async function sealedRows(db: DataSource, filter: RowFilter, ids: number[]): Promise<Memory[]> {
  const { sql, params } = sealedRead(db, filter, ids);
  // on SQLite a statement prepared once per id count: through TypeORM the read cost ≈ 30 µs of CPU per row
  const rows = (
    dialectOf(db) === 'sqlite'
      ? preparedStatement(sqliteConnection(db), sql).all(...params)
      : await db.query(sql, params)
  ) as Record<string, unknown>[];
  return rows.map(toMemory);
}

/**
 * Recall from the in-memory index (SQLite): its best rows in the filter's slices, each scored as scoreDocs scores
 * it, then read through the filter, which turns away what is archived, expired or superseded, and scored again
 * from the rows as read. While the seal turns rows away, more are taken from the index.
 */
async function searchIndexed(
  db: DataSource,
  index: RecallPostings,
  filter: RowFilter,
  query: { words: string[]; tags: string[] },
  limit: number,
): Promise<ScoredMemory[]> {
  const { stats } = queryStats(db, query.words);
  const weights = queryWeights(query.words, stats);
  const kept: Memory[] = [];
  let asked = 0;
  for (let k = limit + INDEX_MARGIN; ; k *= 4) {
    const ids = index.best({ weights, tags: query.tags, avgLength: stats.avgLength }, filter.scopeKeys, k);
    const fresh = ids.slice(asked);
    asked = ids.length;
    if (fresh.length > 0) kept.push(...(await sealedRows(db, filter, fresh)));
    if (kept.length >= limit || ids.length < k) break;
  }
  return scoreDocs(kept, query, stats)
    .slice(0, limit)
    .map(({ doc, score }) => ({ memory: doc, score }));
}
