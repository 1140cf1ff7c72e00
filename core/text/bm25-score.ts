// Okapi BM25 with whole-index statistics, tag hits weighted up and exact tag matches boosted.
import { foldWord, words } from './word-tokens.ts';

export interface ScoringDoc {
  id: number;
  content: string;
  tags: string[];
}

export interface ScoringQuery {
  /** Query words (as from `queryWords`). */
  words: string[];
  /** Normalized query tags; a document carrying one exactly gets `TAG_BOOST`. */
  tags: string[];
}

/** What the ranking needs to know about the whole index, so a score does not depend on which rows were looked at. */
export interface ScoringStats {
  rows: number;
  avgLength: number;
  /** Rows containing a query word in any of its forms, keyed by `foldWord`. */
  df: ReadonlyMap<string, number>;
}

/** k1 and b as in FTS5's bm25(); a word found in the tags counts `TAG_WEIGHT` times. */
const K1 = 1.2;
const B = 0.75;
export const TAG_WEIGHT = 3;
export const TAG_BOOST = 2;

/** One word's share of a document's score: its weight (idf), weighted count `f`, the document's length. */
export function termScore(weight: number, f: number, length: number, avgLength: number): number {
  return (weight * f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / avgLength));
}

/** The inverse document frequency of a word found in `df` of `rows` rows (never negative, as in Lucene). */
export function idf(rows: number, df: number): number {
  return Math.log(1 + (rows - df + 0.5) / (df + 0.5));
}

/**
 * A document's length and weighted counts of the query's words (of every word without `weights`: the recall
 * index), words folded once per distinct token.
 */
export class Tally {
  readonly tf = new Map<string, number>();
  length = 0;
  private readonly folded = new Map<string, string>();

  constructor(private readonly weights: ReadonlyMap<string, number> | null) {}

  reset(): void {
    this.tf.clear();
    this.length = 0;
  }

  add(text: string, weight: number): void {
    const tokens = words(text);
    this.length += tokens.length;
    for (const w of tokens) {
      let f = this.folded.get(w);
      if (f === undefined) {
        f = foldWord(w);
        this.folded.set(w, f);
      }
      if (this.weights === null || this.weights.has(f)) this.tf.set(f, (this.tf.get(f) ?? 0) + weight);
    }
  }
}

/** Each query word's weight (its idf), keyed by its fold. */
export function queryWeights(queryWords: readonly string[], stats: ScoringStats): Map<string, number> {
  const weights = new Map<string, number>();
  for (const w of queryWords) {
    const f = foldWord(w);
    weights.set(f, idf(Math.max(stats.rows, 1), stats.df.get(f) ?? 0));
  }
  return weights;
}

/**
 * Scores each document, best first (ties: newest first). A document's score depends only on itself and the
 * whole-index statistics, so ranking a candidate subset gives the same order as ranking every row.
 */
export function scoreDocs<D extends ScoringDoc>(
  docs: D[],
  query: ScoringQuery,
  stats: ScoringStats,
): Array<{ doc: D; score: number }> {
  const weights = queryWeights(query.words, stats);
  const wanted = new Set(query.tags);
  const avgLength = stats.avgLength > 0 ? stats.avgLength : 1;
  // one tally reused across documents, no closure per document: this loop runs over every candidate of a recall
  const tally = new Tally(weights);
  const scored: Array<{ doc: D; score: number }> = [];
  for (const doc of docs) {
    tally.reset();
    tally.add(doc.content, 1);
    for (const tag of doc.tags) tally.add(tag, TAG_WEIGHT);
    let score = 0;
    for (const [t, f] of tally.tf) score += termScore(weights.get(t) ?? 0, f, tally.length, avgLength);
    for (const tag of doc.tags) if (wanted.has(tag)) score += TAG_BOOST;
    scored.push({ doc, score });
  }
  return scored.sort((a, b) => b.score - a.score || b.doc.id - a.doc.id);
}

/** Statistics taken from the ranked documents themselves, for a backend that cannot read its index's counts. */
export function windowStats(docs: ScoringDoc[], queryWords: string[]): ScoringStats {
  const terms = new Set(queryWords.map(foldWord));
  const df = new Map<string, number>();
  let length = 0;
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const w of [...words(doc.content), ...doc.tags.flatMap(words)]) {
      length++;
      const f = foldWord(w);
      if (terms.has(f)) seen.add(f);
    }
    for (const t of seen) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { rows: docs.length, avgLength: docs.length > 0 ? length / docs.length : 1, df };
}
