// Full-text + tag search over memories through FTS5, restricted by a seal or slice filter, ranked by BM25.
import type { DataSource } from 'typeorm';
import { scoreDocs } from './bm25-score.ts';
import {
  foldWord,
  indexForm,
  queryWords,
  scopeMatch,
  tagsMatch,
  wordMatch,
  wordVariants,
} from './fts-query.ts';
import type { Memory } from './memory.entity.ts';
import { tagSchema } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import type { RowFilter } from './seal-filter.ts';
import { corpusStats } from './term-stats.ts';

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

/** How many of each single word's newest matches a search ranks; bounds per-query work however large the table grows. */
export const DEFAULT_SEARCH_WINDOW = 200;
/** Each word still brings at least this many of its newest matches when a long query splits the window. */
const MIN_PER_WORD = 16;
/** Rows holding every query word, or the rarest word and any other: the strongest BM25 candidates. */
const COMBINED_CAP = 200;

/** Trims, lowercases and keeps the valid ones of up to 20 query tags. */
export function normalizeQueryTags(tags: readonly unknown[] | undefined): string[] {
  const out = new Set<string>();
  for (const t of (tags ?? []).slice(0, 20)) {
    const parsed = tagSchema.safeParse(t);
    if (parsed.success) out.add(parsed.data);
  }
  return [...out];
}

/**
 * The FTS5 expressions whose matches are ranked, each with its row cap: every word alone and the tags, newest first
 * (a rare word's matches are all there), plus the rows holding every word and the rows holding the rarest word with
 * any other one, whatever their age. The best BM25 matches hold several of the query's words, so those two sources
 * reach an old best match even when each of its words is common. Those two leave the scope token out: an
 * intersection is small and the SQL filter drops other slices' rows, while the token would cost a pass over the
 * slice's whole posting list.
 */
function candidateSources(
  scope: string,
  byRarity: string[],
  rarestCount: number,
  tags: string | null,
  window: number,
): Array<{ match: string; cap: number; newest: boolean }> {
  const all = [...byRarity.map(wordMatch), ...(tags ? [tags] : [])];
  const perTerm = Math.max(Math.min(MIN_PER_WORD, window), Math.ceil(window / Math.max(1, all.length)));
  const sources = all.map((m) => ({ match: `${scope} AND ${m}`, cap: perTerm, newest: true }));
  // When the rarest word's own list fits its window, every row holding it is already a candidate, and so is every
  // row the combined sources could add.
  if (byRarity.length > 0 && rarestCount <= perTerm) return sources;
  if (all.length >= 2) {
    sources.push({ match: all.join(' AND '), cap: COMBINED_CAP, newest: false });
  }
  if (all.length >= 3) {
    const [rarest, ...rest] = all;
    sources.push({ match: `${rarest} AND (${rest.join(' OR ')})`, cap: COMBINED_CAP, newest: false });
  }
  return sources;
}

/**
 * Searches the memories a filter admits. Words no memory contains are dropped first (they cannot match), the
 * rest are ordered rarest first; FTS5 returns each source's newest matches inside the filter's slices, walking
 * rowids backwards so it stops early. The SQL filter then applies the seal and liveness by primary key and the
 * survivors are ranked by BM25 with whole-index statistics, so a score never depends on which rows were looked at.
 */
export async function searchMemories(
  db: DataSource,
  filter: RowFilter,
  query: RecallQuery,
  window = DEFAULT_SEARCH_WINDOW,
): Promise<ScoredMemory[]> {
  const queried = queryWords(query.text ?? '');
  const tags = normalizeQueryTags(query.tags);
  if (filter.scopeKeys.length === 0 || (queried.length === 0 && tags.length === 0)) return [];
  const stats = corpusStats(db);
  const df = new Map<string, number>();
  for (const w of queried) {
    df.set(
      foldWord(w),
      wordVariants(w).reduce((n, v) => n + stats.df(indexForm(v)), 0),
    );
  }
  const byRarity = queried
    .filter((w) => (df.get(foldWord(w)) ?? 0) > 0)
    .sort((a, b) => (df.get(foldWord(a)) ?? 0) - (df.get(foldWord(b)) ?? 0));
  const rarestCount = byRarity.length > 0 ? (df.get(foldWord(byRarity[0])) ?? 0) : 0;
  const sources = candidateSources(
    scopeMatch(filter.scopeKeys),
    byRarity,
    rarestCount,
    tagsMatch(tags),
    window,
  );
  if (sources.length === 0) return [];
  const limit = Math.min(50, Math.max(1, Math.trunc(query.limit ?? 8)));
  // Walking rowids backwards stops a single word early; an intersection is cheaper walked forwards, and its cap
  // is a safety bound that real queries do not reach.
  const hits = sources
    .map(
      (s) =>
        `SELECT id FROM (SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ?${s.newest ? ' ORDER BY rowid DESC' : ''} LIMIT ?)`,
    )
    .join(' UNION ');
  // Rank on the narrow columns, then load whole rows only for the few that are returned.
  const candidates: Array<{ id: number; content: string; tags: string }> = await db.query(
    `SELECT m.id, m.content, m.tags FROM (${hits}) hits CROSS JOIN memories m ON m.id = hits.id WHERE ${filter.where}`,
    [...sources.flatMap((s) => [s.match, s.cap]), ...filter.params],
  );
  const best = scoreDocs(
    candidates.map((r) => ({
      id: Number(r.id),
      content: String(r.content),
      tags: JSON.parse(String(r.tags)) as string[],
    })),
    { words: queried, tags },
    { rows: stats.rows, avgLength: stats.avgLength, df },
  ).slice(0, limit);
  if (best.length === 0) return [];
  const rows: Record<string, unknown>[] = await db.query(
    // CROSS JOIN pins the join order: look the few ids up by primary key rather than walking the seal's index.
    `WITH picked(id) AS (VALUES ${best.map(() => '(?)').join(', ')})` +
      ` SELECT m.* FROM picked CROSS JOIN memories m ON m.id = picked.id WHERE ${filter.where}`,
    [...best.map((b) => b.doc.id), ...filter.params],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), toMemory(r)]));
  return best.flatMap(({ doc, score }) => {
    const memory = byId.get(doc.id);
    return memory ? [{ memory, score }] : [];
  });
}
