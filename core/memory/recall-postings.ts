// Memories' words as in-memory postings (interned words, typed arrays), ranked by the same BM25 as bm25-score.ts.
import { TAG_BOOST, TAG_WEIGHT, Tally, termScore } from './bm25-score.ts';
import { foldWord, words } from './fts-query.ts';

/** What a memory is indexed from; `scope` is its slice's FTS scope token (seal-filter.ts `scopeKey`). */
export interface IndexedMemory {
  id: number;
  content: string;
  tags: readonly string[];
  scope: string;
}

/** A query as ranking sees it: each word's fold and weight (idf), the exact tags and each tag's folded words. */
export interface PostingQuery {
  weights: ReadonlyMap<string, number>;
  tags: readonly string[];
  avgLength: number;
}

/** Slots holding one word (or one exact tag), with its weighted count and whether it is in the row's tags. */
class PostingList {
  slots = new Int32Array(4);
  tf = new Uint16Array(4);
  inTags = new Uint8Array(4);
  n = 0;

  push(slot: number, tf: number, inTags: boolean): void {
    if (this.n === this.slots.length) {
      const size = this.n * 2;
      this.slots = grow(this.slots, new Int32Array(size));
      this.tf = grow(this.tf, new Uint16Array(size));
      this.inTags = grow(this.inTags, new Uint8Array(size));
    }
    this.slots[this.n] = slot;
    this.tf[this.n] = Math.min(tf, 65_535);
    this.inTags[this.n] = inTags ? 1 : 0;
    this.n++;
  }

  get bytes(): number {
    return this.slots.byteLength + this.tf.byteLength + this.inTags.byteLength + 64;
  }
}

/**
 * Every live memory's BM25 term counts by slot. A row that changes gets a new slot and its old one is marked dead
 * (skipped; the owner rebuilds once many are): postings are only ever appended. A search walks the query words'
 * lists within the admitted slices and scores exactly what scoreDocs would score each row, so its best rows are
 * the best of the whole slice; the SQL seal then decides what may be returned.
 */
export class RecallPostings {
  private readonly vocab = new Map<string, number>();
  private readonly lists: PostingList[] = [];
  private readonly exactTags = new Map<string, PostingList>();
  private readonly sliceNo = new Map<string, number>();
  private ids = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private slices = new Int32Array(1024);
  private used = 0;
  private readonly slotOf = new Map<number, number>();
  /** Per slot: the search that last touched it and its score there (reused buffers, no allocation per search). */
  private mark = new Int32Array(1024);
  private acc = new Float64Array(1024);
  private search = 0;
  private readonly tally = new Tally(null);

  /** Rows indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots that hold a replaced or removed row. */
  get dead(): number {
    return this.used - this.slotOf.size;
  }

  /** Approximate bytes held by the postings and per-row arrays (the word strings aside). */
  get bytes(): number {
    let n = this.ids.byteLength * 5 + this.slotOf.size * 16 + this.vocab.size * 48;
    for (const l of this.lists) n += l.bytes;
    for (const l of this.exactTags.values()) n += l.bytes;
    return n;
  }

  /** Indexes a row (replacing what was indexed under its id). */
  set(row: IndexedMemory): void {
    this.remove(row.id);
    const slot = this.used++;
    if (slot === this.ids.length) {
      const size = slot * 2;
      this.ids = grow(this.ids, new Int32Array(size));
      this.lengths = grow(this.lengths, new Int32Array(size));
      this.slices = grow(this.slices, new Int32Array(size));
      this.mark = grow(this.mark, new Int32Array(size));
      this.acc = grow(this.acc, new Float64Array(size));
    }
    let slice = this.sliceNo.get(row.scope);
    if (slice === undefined) {
      slice = this.sliceNo.size;
      this.sliceNo.set(row.scope, slice);
    }
    this.ids[slot] = row.id;
    this.slices[slot] = slice;
    this.slotOf.set(row.id, slot);
    // the same tokens and weights scoreDocs counts, so a row's score here is its score there
    const tally = this.tally;
    tally.reset();
    tally.add(row.content, 1);
    for (const tag of row.tags) tally.add(tag, TAG_WEIGHT);
    this.lengths[slot] = tally.length;
    const tagged = new Set(row.tags.flatMap((t) => words(t).map(foldWord)));
    for (const [word, tf] of tally.tf) {
      let n = this.vocab.get(word);
      if (n === undefined) {
        n = this.lists.length;
        this.vocab.set(word, n);
        this.lists.push(new PostingList());
      }
      this.lists[n].push(slot, tf, tagged.has(word));
    }
    for (const tag of new Set(row.tags)) {
      let list = this.exactTags.get(tag);
      if (!list) {
        list = new PostingList();
        this.exactTags.set(tag, list);
      }
      list.push(slot, 1, true);
    }
  }

  /** Forgets a row; true when it was indexed. */
  remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.ids[slot] = -1;
    this.slotOf.delete(id);
    return true;
  }

  /**
   * The ids of the `k` best-scoring rows in the given slices (best first, newest first on a tie): every row holding
   * a query word in its text or tags, carrying a query tag, or holding a query tag's words in its tags (the rows
   * FTS5's phrase match over the tags column finds; they score only what their words bring).
   */
  best(query: PostingQuery, scopes: readonly string[], k: number): number[] {
    const admitted = new Uint8Array(this.sliceNo.size);
    for (const s of scopes) {
      const n = this.sliceNo.get(s);
      if (n !== undefined) admitted[n] = 1;
    }
    const search = ++this.search;
    const { ids, slices, lengths, mark, acc } = this;
    const touched: number[] = [];
    const walk = (list: PostingList | undefined, gain: (i: number, slot: number) => number) => {
      if (!list) return;
      for (let i = 0; i < list.n; i++) {
        const slot = list.slots[i];
        if (admitted[slices[slot]] === 0 || ids[slot] < 0) continue;
        const g = gain(i, slot);
        if (g < 0) continue;
        if (mark[slot] !== search) {
          mark[slot] = search;
          acc[slot] = 0;
          touched.push(slot);
        }
        acc[slot] += g;
      }
    };
    const avg = query.avgLength > 0 ? query.avgLength : 1;
    for (const [word, weight] of query.weights) {
      const list = this.listOf(word);
      if (list) walk(list, (i, slot) => termScore(weight, list.tf[i], lengths[slot], avg));
    }
    for (const tag of new Set(query.tags)) {
      walk(this.exactTags.get(tag), () => TAG_BOOST);
      const tagWords = [...new Set(words(tag).map(foldWord))];
      // a tag's words in a row's tags: candidates at no score of their own (one-word tags, nearly all of them)
      if (tagWords.length === 1) {
        const list = this.listOf(tagWords[0]);
        if (list) walk(list, (i) => (list.inTags[i] === 1 ? 0 : -1));
      }
    }
    return topK(touched, acc, ids, k);
  }

  private listOf(word: string): PostingList | undefined {
    const n = this.vocab.get(word);
    return n === undefined ? undefined : this.lists[n];
  }
}

/** The k best slots' ids by score, then id, descending; a bounded insertion keeps it linear for small k. */
function topK(slots: number[], score: Float64Array, ids: Int32Array, k: number): number[] {
  const top: number[] = [];
  const better = (a: number, b: number) => score[a] > score[b] || (score[a] === score[b] && ids[a] > ids[b]);
  for (const slot of slots) {
    if (top.length === k && !better(slot, top[k - 1])) continue;
    let i = top.length < k ? top.length : k - 1;
    while (i > 0 && better(slot, top[i - 1])) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = slot;
  }
  return top.map((s) => ids[s]);
}

/** The new array filled with the old one's contents. */
function grow<T extends Int32Array | Uint16Array | Uint8Array | Float64Array>(old: T, bigger: T): T {
  bigger.set(old as never);
  return bigger;
}
