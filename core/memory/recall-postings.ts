// Memories' words as in-memory postings (interned words, typed arrays), ranked by the same BM25 as bm25-score.ts.
import { TAG_BOOST, TAG_WEIGHT, Tally, termScore } from '../text/bm25-score.ts';
import { foldWord, words } from '../text/word-tokens.ts';
import { grown as grow, PostingList } from './posting-list.ts';

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
  /** The slots the current search touched, in order, and how many. */
  private order = new Int32Array(1024);
  private touched = 0;
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
    const inSlices: number[] = [];
    for (const s of scopes) {
      const n = this.sliceNo.get(s);
      if (n !== undefined && admitted[n] === 0) {
        admitted[n] = 1;
        inSlices.push(n);
      }
    }
    this.search++;
    this.touched = 0;
    const avg = query.avgLength > 0 ? query.avgLength : 1;
    for (const [word, weight] of query.weights) {
      const list = this.listOf(word);
      if (list) this.walk(list, admitted, inSlices, weight, avg, false);
    }
    for (const tag of new Set(query.tags)) {
      const exact = this.exactTags.get(tag);
      if (exact) this.walk(exact, admitted, inSlices, -TAG_BOOST, avg, false);
      const tagWords = [...new Set(words(tag).map(foldWord))];
      // a tag's words in a row's tags: candidates at no score of their own (one-word tags, nearly all of them)
      const list = tagWords.length === 1 ? this.listOf(tagWords[0]) : undefined;
      if (list) this.walk(list, admitted, inSlices, 0, avg, true);
    }
    return topK(this.order.subarray(0, this.touched), this.acc, this.ids, k);
  }

  /**
   * Adds a list's rows in the admitted slices to the search: each its BM25 share of `weight`, or a flat `-weight`
   * when it is negative (an exact tag), or nothing but a place among the candidates (`tagsOnly`: rows holding the
   * word in their tags). One loop over typed arrays, no call per posting: at 50k memories a common word has 10k.
   */
  private walk(
    list: PostingList,
    admitted: Uint8Array,
    inSlices: readonly number[],
    weight: number,
    avg: number,
    tagsOnly: boolean,
  ): void {
    // a long list is grouped by slice, so only the admitted slices' postings (and the newest, after) are walked
    if (list.ungrouped) list.group(this.slices, this.sliceNo.size);
    for (const s of inSlices) {
      if (s + 1 < list.starts.length)
        this.walkRange(list, list.starts[s], list.starts[s + 1], admitted, weight, avg, tagsOnly);
    }
    this.walkRange(list, list.grouped, list.n, admitted, weight, avg, tagsOnly);
  }

  private walkRange(
    list: PostingList,
    from: number,
    to: number,
    admitted: Uint8Array,
    weight: number,
    avg: number,
    tagsOnly: boolean,
  ): void {
    const { ids, slices, lengths, mark, acc, search } = this;
    const { slots, tf, inTags } = list;
    const flat = weight < 0 ? -weight : 0;
    let order = this.order;
    let touched = this.touched;
    for (let i = from; i < to; i++) {
      const slot = slots[i];
      if (admitted[slices[slot]] === 0 || ids[slot] < 0 || (tagsOnly && inTags[i] === 0)) continue;
      if (mark[slot] !== search) {
        mark[slot] = search;
        acc[slot] = 0;
        if (touched === order.length) order = this.order = grow(order, new Int32Array(touched * 2));
        order[touched++] = slot;
      }
      if (tagsOnly) continue;
      if (weight < 0) acc[slot] += flat;
      else acc[slot] += termScore(weight, tf[i], lengths[slot], avg);
    }
    this.touched = touched;
  }

  private listOf(word: string): PostingList | undefined {
    const n = this.vocab.get(word);
    return n === undefined ? undefined : this.lists[n];
  }
}

/** The k best slots' ids by score, then id, descending; a bounded insertion keeps it linear for small k. */
function topK(slots: Int32Array, score: Float64Array, ids: Int32Array, k: number): number[] {
  const top: number[] = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < slots.length; j++) {
    const slot = slots[j];
    const s = score[slot];
    if (s < floor) continue;
    if (top.length === k && !(s > score[top[k - 1]] || ids[slot] > ids[top[k - 1]])) continue;
    let i = top.length < k ? top.length : k - 1;
    while (i > 0 && (s > score[top[i - 1]] || (s === score[top[i - 1]] && ids[slot] > ids[top[i - 1]]))) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = slot;
    if (top.length === k) floor = score[top[k - 1]];
  }
  return top.map((slot) => ids[slot]);
}
