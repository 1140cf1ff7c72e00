// Memory search candidates on SQLite: each word's shortest matches and the shortest rows holding several words
// (from the length-ordered FTS5 index), the tags' newest matches, plus the whole-index BM25 statistics.
import type { DataSource } from 'typeorm';
import type { ScoringStats } from '../text/bm25-score.ts';
import { foldWord } from '../text/word-tokens.ts';
import { combinations, ftsString, indexForm, scopeMatch, tagsMatch, wordMatch } from './fts-query.ts';
import type { RowFilter } from './seal-filter.ts';
import { queryStats } from './term-stats.ts';

/** Each word's shortest matches ranked at most (fewer when the search window is smaller). */
const PER_WORD = 16;
/** Rows holding several of the query's words: a cap per source that real queries rarely need whole. */
const COMBINED_CAP = 40;
/** Word combinations are built from the rarest words only, and a level with more combinations is left out. */
const COMBINED_WORDS = 6;
const MAX_COMBINATIONS = 20;
/** memories_fts_len's rowid is length × 2^32 + (2^32 − 1 − id) (migrations/1765200000000-…): this reads the id. */
const LENGTH_KEY_ID = '4294967295 - (rowid & 4294967295)';

interface Source {
  /**
   * `len`: shortest first, then newest (the order BM25 ranks one word's matches in); `id`: newest first; `rep`: rows
   * saying a word more than once (repeated-words.ts), in the `len` order.
   */
  index: 'len' | 'id' | 'rep';
  match: string;
  cap: number;
}

/**
 * The FTS5 expressions whose matches are ranked. BM25 scores one word's matches by length alone (shorter is
 * better; repeats aside), so each word's shortest matches are its best ones whatever their age. The best matches
 * of a question hold several of its words, so the shortest rows holding at least 2, at least 3, all but one and
 * all of its (rarest) words are sources too; a word whose whole posting list fits its cap is left out of those.
 * Tags score flat, so each tag brings its newest rows; rows carrying a tag and one of the words, and rows carrying
 * every tag, are sources of their own.
 */
function candidateSources(
  scope: string,
  byRarity: Array<{ word: string; forms: string[]; complete: boolean }>,
  tags: string[],
  perWord: number,
): Source[] {
  const sources: Source[] = byRarity.map(({ word, forms }) => ({
    index: 'len',
    match: `${scope} AND ${wordMatch(word, forms)}`,
    cap: perWord,
  }));
  // A word whose every row fits its cap brings all of them, so only the other words need combining.
  const incomplete = byRarity.filter((w) => !w.complete);
  for (const { forms } of incomplete) {
    sources.push({
      index: 'rep',
      match: `${scope} AND words : (${forms.map(ftsString).join(' OR ')})`,
      cap: perWord,
    });
  }
  const words = incomplete.map(({ word, forms }) => wordMatch(word, forms));
  const combined = words.slice(0, COMBINED_WORDS);
  const k = combined.length;
  for (const size of new Set([2, 3, k - 1, k].filter((n) => n >= 2 && n <= k))) {
    const sets = combinations(combined, size);
    if (sets.length > MAX_COMBINATIONS) continue;
    const any = sets.map((s) => `(${s.join(' AND ')})`).join(' OR ');
    sources.push({ index: 'len', match: `${scope} AND (${any})`, cap: COMBINED_CAP });
  }
  for (const t of tags) {
    sources.push({ index: 'id', match: `${scope} AND ${t}`, cap: perWord });
    if (words.length > 0) {
      sources.push({ index: 'len', match: `${scope} AND ${t} AND (${words.join(' OR ')})`, cap: perWord });
    }
  }
  if (tags.length >= 2)
    sources.push({ index: 'id', match: `${scope} AND ${tags.join(' AND ')}`, cap: COMBINED_CAP });
  return sources;
}

/**
 * Words no memory contains are dropped first (they cannot match), the rest are ordered rarest first; FTS5 walks
 * only the head of each source's posting list in its index's rowid order. The seal's scope token is part of every
 * expression and the SQL filter then applies the seal and liveness by primary key.
 */
export async function fts5Candidates(
  db: DataSource,
  filter: RowFilter,
  query: { words: string[]; tags: string[] },
  window: number,
): Promise<{ candidates: Array<{ id: number; content: string; tags: string }>; stats: ScoringStats }> {
  const { stats, forms, index } = queryStats(db, query.words);
  const { df } = stats;
  const count = (w: string) => df.get(foldWord(w)) ?? 0;
  const perWord = Math.max(1, Math.min(PER_WORD, window));
  const byRarity = query.words
    .filter((w) => count(w) > 0)
    .sort((a, b) => count(a) - count(b))
    .map((word) => ({ word, forms: forms.get(word) ?? [], complete: count(word) <= perWord }));
  // each tag its own term, so the rows carrying several of them are a source of their own
  const tags = query.tags.flatMap((t) => tagsMatch([t]) ?? []);
  const scopes = filter.scopeKeys.filter((k) => index.df(indexForm(k)) > 0);
  if (scopes.length === 0) return { candidates: [], stats };
  const sources = candidateSources(scopeMatch(scopes), byRarity, tags, perWord);
  if (sources.length === 0) return { candidates: [], stats };
  const hits = sources
    .map((s) =>
      s.index === 'len'
        ? `SELECT ${LENGTH_KEY_ID} AS id FROM (SELECT rowid FROM memories_fts_len WHERE memories_fts_len MATCH ? ORDER BY rowid LIMIT ?)`
        : s.index === 'rep'
          ? `SELECT ${LENGTH_KEY_ID} AS id FROM (SELECT rowid FROM memories_fts_rep WHERE memories_fts_rep MATCH ? ORDER BY rowid LIMIT ?)`
          : 'SELECT id FROM (SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?)',
    )
    .join(' UNION ');
  // Rank on the narrow columns, then load whole rows only for the few that are returned.
  const candidates = await db.query(
    `SELECT m.id, m.content, m.tags FROM (${hits}) hits CROSS JOIN memories m ON m.id = hits.id WHERE ${filter.where}`,
    [...sources.flatMap((s) => [s.match, s.cap]), ...filter.params],
  );
  return { candidates, stats };
}
