// Full-text + tag search over memories (FTS5 on SQLite, tsvector on PostgreSQL), restricted by a seal or slice
// filter, ranked in a window by the same BM25 on both.
import type { DataSource } from 'typeorm';
import { dialectOf, pinnedJoin } from '../db/dialect.ts';
import { buildMatches, queryWords } from './fts-query.ts';
import type { Memory } from './memory.entity.ts';
import { tagSchema } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import { postgresCandidates } from './postgres-text-search.ts';
import type { RowFilter } from './seal-filter.ts';
import { scoreWindow } from './window-bm25.ts';

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

/** How many matching rows a search ranks at most; bounds per-query work however large the table grows. */
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

/** SQLite: one FTS5 MATCH per term (see buildMatches), newest rowids first, then the filter row by row. */
const fts5Candidates: CandidateSearch = async (db, filter, { words, tags }, perTerm) => {
  const matches = buildMatches({ scopeKeys: filter.scopeKeys, words, tags });
  if (matches.length === 0) return [];
  const hits = matches
    .map(
      () =>
        'SELECT id FROM (SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?)',
    )
    .join(' UNION ');
  // Rank on the narrow columns, then load whole rows only for the few that are returned.
  return db.query(
    `SELECT m.id, m.content, m.tags FROM (${hits}) hits CROSS JOIN memories m ON m.id = hits.id WHERE ${filter.where}`,
    [...matches.flatMap((match) => [match, perTerm]), ...filter.params],
  );
};

/**
 * Searches the memories a filter admits. For each query word (and for the tags) FTS5 returns that term's newest
 * matches inside the filter's slices, walking rowids backwards so it stops early; the window is shared out between
 * the terms, so a rare word is never crowded out by a common one. The SQL filter then applies the seal and
 * liveness row by row (primary-key lookups) and the survivors are ranked by window BM25.
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
  const perTerm = Math.max(Math.min(MIN_PER_WORD, window), Math.ceil(window / terms));
  const search = dialectOf(db) === 'postgres' ? postgresCandidates : fts5Candidates;
  const candidates = await search(db, filter, { words, tags }, perTerm);
  const best = scoreWindow(
    candidates.map((r) => ({
      id: Number(r.id),
      content: String(r.content),
      tags: JSON.parse(String(r.tags)) as string[],
    })),
    { words, tags },
  ).slice(0, limit);
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
