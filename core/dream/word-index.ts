// In-memory inverted index of word sets: the exact best Jaccard over every indexed text, without a full-text search.
import { grown } from '../memory/posting-list.ts';

/** An indexed text at or above the threshold, and its Jaccard similarity to the query. */
export interface WordMatch {
  id: number;
  similarity: number;
}

// a threshold times a size is compared with float slack: a bound may only ever widen, never drop a true match
const SLACK = 1e-9;

/**
 * Word sets of texts by id, with postings word → slots. A query probes only its rarest words (prefix filtering:
 * a set sharing at least ⌈t·|A|⌉ of A's words must hold one of A's |A| − ⌈t·|A|⌉ + 1 rarest), skips sets whose
 * size cannot reach the threshold, and computes the exact similarity of the rest, as `jaccard()` does.
 * Words are interned to integers and every set lives in one growing Int32Array, so 50k sets cost a few MB.
 */
export class WordIndex {
  private readonly vocab = new Map<string, number>();
  /** Word number → slots holding it; a removed slot stays listed and is skipped (a pass removes few). */
  private readonly postings: number[][] = [];
  private arena = new Int32Array(4096);
  private used = 0;
  /** Per slot: where its words start in the arena, how many, and its id (-1 once removed). */
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly ids: number[] = [];
  private readonly slotOf = new Map<number, number>();
  /** Per slot: the query that last saw it, so each candidate is scored once per query. */
  private seen = new Int32Array(1024);
  /** Per word number: the query holding it (a lookup cheaper than a Set's in the inner loop). */
  private mine = new Int32Array(1024);
  private query = 0;

  /** How many texts are indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Indexes (or re-indexes) a text's word set under its id; the same words again change nothing. */
  set(id: number, words: ReadonlySet<string>): void {
    // a pass re-reads every belief it corroborates (updated_at moves): most come back with the same words
    if (this.holds(id, words)) return;
    this.remove(id);
    const slot = this.ids.length;
    this.arena = atLeast(this.arena, this.used + words.size);
    this.starts.push(this.used);
    this.lengths.push(words.size);
    this.ids.push(id);
    this.slotOf.set(id, slot);
    for (const word of words) {
      let n = this.vocab.get(word);
      if (n === undefined) {
        n = this.postings.length;
        this.vocab.set(word, n);
        this.postings.push([]);
      }
      this.arena[this.used++] = n;
      this.postings[n].push(slot);
    }
  }

  /** Forgets an id; true when it was indexed. */
  remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.ids[slot] = -1;
    this.slotOf.delete(id);
    return true;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** True when the id is indexed with exactly these words. */
  private holds(id: number, words: ReadonlySet<string>): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined || this.lengths[slot] !== words.size) return false;
    const start = this.starts[slot];
    let i = start;
    for (const word of words) {
      if (this.vocab.get(word) !== this.arena[i++]) return false;
    }
    return true;
  }

  /** Every indexed set whose Jaccard similarity with `words` is ≥ threshold (> 0), best first, lower id on a tie. */
  matches(words: ReadonlySet<string>, threshold: number): WordMatch[] {
    if (words.size === 0 || !(threshold > 0)) return [];
    const size = words.size;
    const known: number[] = [];
    for (const word of words) {
      const n = this.vocab.get(word);
      if (n !== undefined) known.push(n);
    }
    const minShared = Math.max(1, Math.ceil(threshold * size - SLACK));
    // words nobody has are the rarest of all: they use up prefix places and bring no candidates
    const probes = size - minShared + 1 - (size - known.length);
    if (probes <= 0) return [];
    known.sort((a, b) => this.postings[a].length - this.postings[b].length);
    const minSize = threshold * size - SLACK;
    const maxSize = size / threshold + SLACK;
    this.seen = atLeast(this.seen, this.ids.length);
    this.mine = atLeast(this.mine, this.postings.length);
    const query = ++this.query;
    const mine = this.mine;
    for (const n of known) mine[n] = query;
    const out: WordMatch[] = [];
    for (let p = 0; p < probes; p++) {
      for (const slot of this.postings[known[p]]) {
        if (this.seen[slot] === query) continue;
        this.seen[slot] = query;
        const id = this.ids[slot];
        const length = this.lengths[slot];
        if (id < 0 || length < minSize || length > maxSize) continue;
        let shared = 0;
        const start = this.starts[slot];
        for (let i = start; i < start + length; i++) if (mine[this.arena[i]] === query) shared++;
        const similarity = shared / (size + length - shared);
        if (similarity >= threshold) out.push({ id, similarity });
      }
    }
    return out.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  }
}

/** The array itself when long enough, else a copy grown to at least `length`. */
function atLeast(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  return array.length >= length ? array : grown(array, new Int32Array(Math.max(array.length * 2, length)));
}
