// Full-text + tag search over memories (FTS5 on SQLite, tsvector on PostgreSQL), restricted by a seal or slice
// filter, ranked by the same BM25 on both.
import type { DataSource } from 'typeorm';
import { dialectOf, pinnedJoin } from '../db/dialect.ts';
import { type ScoringStats, scoreDocs, windowStats } from './bm25-score.ts';
import { queryWords } from './fts-query.ts';
import { fts5Candidates } from './fts5-candidates.ts';
import type { Memory } from './memory.entity.ts';
import { tagSchema } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import { postgresCandidates } from './postgres-text-search.ts';
import type { RowFilter } from './seal-filter.ts';

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
): Promise<ScoredMemory[]> {
  const words = queryWords(query.text ?? '');
  const tags = normalizeQueryTags(query.tags);
  const terms = words.length + (tags.length > 0 ? 1 : 0);
  if (terms === 0 || filter.scopeKeys.length === 0) return [];
  const limit = Math.min(50, Math.max(1, Math.trunc(query.limit ?? 8)));
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
  const rows: Record<string, unknown>[] = await db.query(
    // the pinned join: look the few ids up by primary key rather than walking the seal's index
    `WITH picked(id) AS (VALUES ${best.map(() => '(CAST(? AS INTEGER))').join(', ')})` +
      ` SELECT m.* FROM picked ${pinnedJoin(db)} memories m ON m.id = picked.id WHERE ${filter.where}`,
    [...best.map((b) => b.doc.id), ...filter.params],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), toMemory(r)]));
  return best.flatMap(({ doc, score }) => {
    const memory = byId.get(doc.id);
    return memory ? [{ memory, score }] : [];
  });
}
