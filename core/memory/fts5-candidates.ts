// Memory search candidates on SQLite: FTS5 sources chosen by word rarity, plus the whole-index BM25 statistics.
import type { DataSource } from 'typeorm';
import type { ScoringStats } from './bm25-score.ts';
import { foldWord, indexForm, scopeMatch, tagsMatch, wordMatch, wordVariants } from './fts-query.ts';
import type { RowFilter } from './seal-filter.ts';
import { corpusStats } from './term-stats.ts';

/** Each word still brings at least this many of its newest matches when a long query splits the window. */
const MIN_PER_WORD = 16;
/** Rows holding every query word, or the rarest word and any other: the strongest BM25 candidates. */
const COMBINED_CAP = 200;

interface Source {
  match: string;
  cap: number;
  newest: boolean;
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
  tags: string[],
  window: number,
): Source[] {
  const all = [...byRarity.map((w) => wordMatch(w)), ...tags];
  const perTerm = Math.max(Math.min(MIN_PER_WORD, window), Math.ceil(window / Math.max(1, all.length)));
  const sources = all.map((m) => ({ match: `${scope} AND ${m}`, cap: perTerm, newest: true }));
  const [rarest, ...rest] = all;
  // When the rarest word's own list fits its window, every row holding it is already a candidate, and so is every
  // row the two sources below could add.
  if (byRarity.length > 0 && rarestCount <= perTerm) return sources;
  if (all.length >= 2) sources.push({ match: all.join(' AND '), cap: COMBINED_CAP, newest: false });
  if (all.length >= 3) {
    sources.push({ match: `${rarest} AND (${rest.join(' OR ')})`, cap: COMBINED_CAP, newest: false });
  }
  return sources;
}

/**
 * Words no memory contains are dropped first (they cannot match), the rest are ordered rarest first; FTS5 returns
 * each source's matches, a single word's newest first so it stops early. The SQL filter then applies the seal and
 * liveness by primary key.
 */
export async function fts5Candidates(
  db: DataSource,
  filter: RowFilter,
  query: { words: string[]; tags: string[] },
  window: number,
): Promise<{ candidates: Array<{ id: number; content: string; tags: string }>; stats: ScoringStats }> {
  const index = corpusStats(db);
  const df = new Map<string, number>();
  for (const w of query.words) {
    df.set(
      foldWord(w),
      wordVariants(w).reduce((n, v) => n + index.df(indexForm(v)), 0),
    );
  }
  const stats = { rows: index.rows, avgLength: index.avgLength, df };
  const count = (w: string) => df.get(foldWord(w)) ?? 0;
  const byRarity = query.words.filter((w) => count(w) > 0).sort((a, b) => count(a) - count(b));
  const rarestCount = byRarity.length > 0 ? count(byRarity[0]) : 0;
  // each tag its own term, so the rows carrying several of them are a source of their own
  const tags = query.tags.flatMap((t) => tagsMatch([t]) ?? []);
  const sources = candidateSources(scopeMatch(filter.scopeKeys), byRarity, rarestCount, tags, window);
  if (sources.length === 0) return { candidates: [], stats };
  // Walking rowids backwards stops a single word early; an intersection is cheaper walked forwards, and its cap
  // is a safety bound that real queries rarely reach.
  const hits = sources
    .map(
      (s) =>
        `SELECT id FROM (SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ?${s.newest ? ' ORDER BY rowid DESC' : ''} LIMIT ?)`,
    )
    .join(' UNION ');
  // Rank on the narrow columns, then load whole rows only for the few that are returned.
  const candidates = await db.query(
    `SELECT m.id, m.content, m.tags FROM (${hits}) hits CROSS JOIN memories m ON m.id = hits.id WHERE ${filter.where}`,
    [...sources.flatMap((s) => [s.match, s.cap]), ...filter.params],
  );
  return { candidates, stats };
}
