// A bounded min-heap that keeps the k best-scoring candidates of a linear scan.

/** A min-heap of the k best (score, index) pairs seen; O(n log k) over n candidates. */
export class TopK {
  private readonly scores: Float64Array;
  private readonly items: Int32Array;
  private size = 0;

  constructor(readonly k: number) {
    this.scores = new Float64Array(Math.max(1, k));
    this.items = new Int32Array(Math.max(1, k));
  }

  /** The score a candidate must beat to get in (−Infinity until the heap is full). */
  get threshold(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : this.scores[0];
  }

  /** Offers a candidate; kept only if it beats the current k-th best. */
  push(score: number, item: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent] <= score) break;
        this.scores[i] = this.scores[parent];
        this.items[i] = this.items[parent];
        i = parent;
      }
      this.scores[i] = score;
      this.items[i] = item;
      return;
    }
    if (score <= this.scores[0]) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.scores[i] = this.scores[child];
      this.items[i] = this.items[child];
      i = child;
    }
    this.scores[i] = score;
    this.items[i] = item;
  }

  /** The kept candidates, best first. */
  sorted(): { score: number; item: number }[] {
    const out: { score: number; item: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ score: this.scores[i], item: this.items[i] });
    return out.sort((a, b) => b.score - a.score || a.item - b.item);
  }
}
