// One word's postings in the recall index: slots with weighted counts, the older ones grouped by slice.

/** Lists shorter than this are walked whole: grouping them would cost more than it saves. */
const GROUP_FROM = 256;

/**
 * Slots holding one word (or one exact tag), with its weighted count in each and whether it is in the row's tags.
 * Postings `[0, grouped)` are ordered by the slice of their row, `starts[s]` to `starts[s + 1]` being slice s's, so
 * a search walks only the slices its seal admits; postings appended since come after, in the order written.
 */
export class PostingList {
  slots = new Int32Array(4);
  tf = new Uint16Array(4);
  inTags = new Uint8Array(4);
  n = 0;
  grouped = 0;
  starts = new Int32Array(0);

  push(slot: number, tf: number, inTags: boolean): void {
    if (this.n === this.slots.length) {
      const size = this.n * 2;
      this.slots = grown(this.slots, new Int32Array(size));
      this.tf = grown(this.tf, new Uint16Array(size));
      this.inTags = grown(this.inTags, new Uint8Array(size));
    }
    this.slots[this.n] = slot;
    this.tf[this.n] = Math.min(tf, 65_535);
    this.inTags[this.n] = inTags ? 1 : 0;
    this.n++;
  }

  /** True when the postings appended since the last grouping are many enough to group them all again. */
  get ungrouped(): boolean {
    return this.n >= GROUP_FROM && this.n - this.grouped > Math.max(GROUP_FROM / 2, this.grouped >> 3);
  }

  /** Orders every posting by its row's slice (a counting sort; the order within a slice is kept). */
  group(sliceOf: Int32Array, slices: number): void {
    const starts = new Int32Array(slices + 1);
    for (let i = 0; i < this.n; i++) starts[sliceOf[this.slots[i]] + 1]++;
    for (let s = 0; s < slices; s++) starts[s + 1] += starts[s];
    const at = starts.slice(0, slices);
    const slots = new Int32Array(this.slots.length);
    const tf = new Uint16Array(this.slots.length);
    const inTags = new Uint8Array(this.slots.length);
    for (let i = 0; i < this.n; i++) {
      const to = at[sliceOf[this.slots[i]]]++;
      slots[to] = this.slots[i];
      tf[to] = this.tf[i];
      inTags[to] = this.inTags[i];
    }
    Object.assign(this, { slots, tf, inTags, grouped: this.n, starts });
  }

  get bytes(): number {
    return this.slots.byteLength + this.tf.byteLength + this.inTags.byteLength + this.starts.byteLength + 64;
  }
}

/** The new array filled with the old one's contents. */
export function grown<T extends Int32Array | Uint16Array | Uint8Array | Float64Array>(old: T, bigger: T): T {
  bigger.set(old as never);
  return bigger;
}
