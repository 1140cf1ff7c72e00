// One slice's beliefs held in a word index for a Dream pass: loaded once, kept current, every match checked in SQL.
import type { DataSource } from 'typeorm';
import { fromDbTime, toDbTime } from '../db/sql-values.ts';
import { toMemory } from '../memory/memory-row.ts';
import { type MemorySlice, sliceFilter } from '../memory/seal-filter.ts';
import { jaccard, wordSet } from '../text/jaccard.ts';
import type { DedupMatch } from './dedup.ts';
import { WordIndex } from './word-index.ts';

type Rows = Record<string, unknown>[];

/** Beyond this many live beliefs in one slice the pass searches the store instead (≈ 12 MB of index at 50k). */
export const MAX_INDEXED_BELIEFS = 200_000;
/** Up to this many beliefs a slice is re-read for in-place changes before every batch (it costs < 5 ms). */
const SYNC_EVERY_BATCH = 10_000;
/**
 * How far before the latest change seen a re-read starts. On PostgreSQL a row can commit after a younger id was
 * already read (two writers' sequence values commit in either order), so the id catch-up skips it; its
 * updated_at is older than the commit, and this window brings it in at the next batch.
 */
const LATE_COMMIT_MS = 5000;
/** New rows read per query while catching up. */
const PAGE = 1000;

/**
 * The snapshot is a filter, never the authority: a match is only returned after SQL confirms it is still live, in
 * this slice and still as similar (sliceFilter, as the store search did). What the snapshot could miss is caught
 * up: rows written since (a chat turn's memory, the pass's own beliefs) before every search, rows changed in place
 * (an owner's edit, a restore, a reinstated belief: each bumps updated_at) at every `sync`.
 */
export class SliceBeliefs {
  private readonly index = new WordIndex();
  /** Every row up to this id has been seen (the catch-up reads past it, in id order, whatever the slice). */
  private seenId = 0;
  /** Rows updated at or after this time are read again by `sync`. */
  private changedFrom: Date | null = null;
  /** When the last sync ended and how long it took (performance.now() ms). */
  private synced = { at: Number.NEGATIVE_INFINITY, took: 0 };

  private constructor(
    private readonly db: DataSource,
    private readonly slice: MemorySlice,
    private readonly now: () => Date,
  ) {}

  /** Loads a slice's live beliefs; null when it holds more than `cap` (the caller then searches the store). */
  static async load(
    db: DataSource,
    slice: MemorySlice,
    now: () => Date,
    cap = MAX_INDEXED_BELIEFS,
  ): Promise<SliceBeliefs | null> {
    const view = new SliceBeliefs(db, slice, now);
    // the high-water mark first: a row inserted while the slice is read is above it, so the catch-up finds it
    const [top] = await db.query('SELECT max(id) AS id FROM memories');
    view.seenId = Number(top?.id ?? 0);
    const f = sliceFilter(slice, now());
    const rows: Rows = await db.query(
      `SELECT m.id, m.content, m.updated_at FROM memories m WHERE ${f.where} AND m.id <= ? LIMIT ?`,
      [...f.params, view.seenId, cap + 1],
    );
    if (rows.length > cap) return null;
    view.take(rows);
    return view;
  }

  get size(): number {
    return this.index.size;
  }

  /**
   * Re-reads the slice's live rows changed in place since the last read: one walk of the slice's index (≈ 50 ms at
   * 100k beliefs under load), so above `SYNC_EVERY_BATCH` beliefs it runs only once 20 times its own duration has
   * passed since the last one, which keeps it near 5% of the pass and an edit's delay near a second.
   */
  async sync(): Promise<void> {
    const started = performance.now();
    if (this.index.size > SYNC_EVERY_BATCH && started - this.synced.at < 20 * this.synced.took) return;
    const f = sliceFilter(this.slice, this.now());
    const since = this.changedFrom ? ' AND m.updated_at >= ?' : '';
    const rows: Rows = await this.db.query(
      `SELECT m.id, m.content, m.updated_at FROM memories m WHERE ${f.where}${since}`,
      this.changedFrom
        ? [...f.params, toDbTime(new Date(this.changedFrom.getTime() - LATE_COMMIT_MS))]
        : f.params,
    );
    this.take(rows);
    this.synced = { at: performance.now(), took: performance.now() - started };
  }

  /**
   * The live belief of this slice most similar to the claim's words at or above the threshold (the lower id on a
   * tie), or null. Exact over the whole slice, where a search's top results only approximate it.
   */
  async best(words: ReadonlySet<string>, threshold: number): Promise<DedupMatch | null> {
    await this.catchUp();
    let best: DedupMatch | null = null;
    for (const found of this.index.matches(words, threshold)) {
      if (best && found.similarity <= best.similarity) break;
      // one row per statement: by primary key whatever the slice's size (an IN list lets SQLite walk the slice)
      const f = sliceFilter(this.slice, this.now());
      const [row]: Rows = await this.db.query(`SELECT m.* FROM memories m WHERE m.id = ? AND ${f.where}`, [
        found.id,
        ...f.params,
      ]);
      // archived, superseded or expired since the snapshot: gone until a change brings it back (see sync)
      if (!row) {
        this.index.remove(found.id);
        continue;
      }
      const memory = toMemory(row);
      const mine = wordSet(memory.content);
      const similarity = jaccard(words, mine);
      // edited in place since it was read: indexed again as it now reads, and kept only if it still qualifies
      if (similarity !== found.similarity) this.index.set(memory.id, mine);
      if (similarity >= threshold && (!best || similarity > best.similarity)) {
        best = { memory, similarity, via: 'jaccard' };
      }
    }
    return best;
  }

  /** Indexes the rows written since the last look, of this slice only. */
  private async catchUp(): Promise<void> {
    for (;;) {
      const rows: Rows = await this.db.query(
        'SELECT m.id, m.workspace, m.owner_user_id, m.content FROM memories m WHERE m.id > ? ORDER BY m.id LIMIT ?',
        [this.seenId, PAGE],
      );
      for (const r of rows) {
        this.seenId = Math.max(this.seenId, Number(r.id));
        if (
          (r.workspace ?? null) === this.slice.workspace &&
          (r.owner_user_id ?? null) === this.slice.ownerUserId
        ) {
          this.index.set(Number(r.id), wordSet(String(r.content)));
        }
      }
      if (rows.length < PAGE) return;
    }
  }

  /** Indexes rows read with their updated_at, moving the changed-since mark to the latest seen. */
  private take(rows: Rows): void {
    for (const r of rows) {
      this.index.set(Number(r.id), wordSet(String(r.content)));
      const at = fromDbTime(r.updated_at);
      if (at && (!this.changedFrom || at > this.changedFrom)) this.changedFrom = at;
    }
  }
}
