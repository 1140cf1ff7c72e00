// Okapi BM25 over a bounded candidate window, with tag hits weighted up and exact tag matches boosted.
import { foldWord, words } from './fts-query.ts';

export interface ScoringDoc {
  id: number;
  content: string;
  tags: string[];
}

export interface WindowQuery {
  /** Query words (as from `queryWords`). */
  words: string[];
  /** Normalized query tags; a document carrying one exactly gets `tagBoost`. */
  tags: string[];
}

/** k1 and b as in FTS5's bm25(); a word found in the tags counts `TAG_WEIGHT` times. */
const K1 = 1.2;
const B = 0.75;
const TAG_WEIGHT = 3;
const TAG_BOOST = 2;

/**
 * Scores every document of the window, best first (ties: newest first). The statistics (document frequency,
 * average length) come from the window itself: FTS5's own bm25() needs a pass over each term's whole posting list
 * on every query, which is exactly the cost that grows with the table, so ranking stays bounded by the window.
 */
export function scoreWindow<D extends ScoringDoc>(
  docs: D[],
  query: WindowQuery,
): Array<{ doc: D; score: number }> {
  const terms = [...new Set(query.words.map(foldWord))];
  const wanted = new Set(query.tags);
  const folded = new Map<string, string>();
  const fold = (w: string) => {
    let f = folded.get(w);
    if (f === undefined) {
      f = foldWord(w);
      folded.set(w, f);
    }
    return f;
  };
  const termSet = new Set(terms);
  const stats = docs.map((doc) => {
    const tf = new Map<string, number>();
    let length = 0;
    const tally = (text: string, weight: number) => {
      for (const w of words(text)) {
        length++;
        const f = fold(w);
        if (termSet.has(f)) tf.set(f, (tf.get(f) ?? 0) + weight);
      }
    };
    tally(doc.content, 1);
    for (const tag of doc.tags) tally(tag, TAG_WEIGHT);
    return { doc, tf, length };
  });
  const df = new Map<string, number>();
  for (const s of stats) for (const t of s.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = stats.length;
  const avgLength = stats.reduce((sum, s) => sum + s.length, 0) / Math.max(1, n) || 1;
  const scored = stats.map((s) => {
    let score = 0;
    for (const [t, f] of s.tf) {
      const d = df.get(t) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * s.length) / avgLength));
    }
    for (const tag of s.doc.tags) if (wanted.has(tag)) score += TAG_BOOST;
    return { doc: s.doc, score };
  });
  return scored.sort((a, b) => b.score - a.score || b.doc.id - a.doc.id);
}
