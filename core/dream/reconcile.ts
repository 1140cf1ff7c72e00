// Reconciliation after extraction: contradictions kept as validity intervals for the owner, promotion, orphans.
import type { DataSource } from 'typeorm';
import { fromDbTime, toDbTime } from '../db/sql-values.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import { liveWhere, type MemorySlice } from '../memory/seal-filter.ts';
import { archiveSliceOrphans, promotableIds } from '../memory/slice-maintenance.ts';
import { isNearDuplicate } from '../text/jaccard.ts';
import { sliceColumns, sliceKey } from './dream-slice.ts';

/** A contradiction put in front of the owner. */
export interface Review {
  id: number;
  runId: number | null;
  slice: NoteSlice;
  kind: string;
  subject: string;
  older: { id: number; content: string };
  newer: { id: number; content: string };
  validUntil: Date;
  status: string;
  createdAt: Date;
}

export interface ReconcileOptions {
  jaccardThreshold: number;
  promoteAfterReferences: number;
  promoteAfterSources: number;
}

type Row = Record<string, unknown>;

/** Each step is idempotent: rerunning it after a crash finds the work done and changes nothing. */
export class Reconciler {
  constructor(
    private readonly db: DataSource,
    private readonly store: MemoryStore,
    private readonly opts: ReconcileOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Remembers what a belief is about and when it was stated (first write wins). */
  async recordSubject(memoryId: number, slice: NoteSlice, kind: string, subject: string, statedAt: Date) {
    await this.db.query(
      'INSERT INTO dream_subjects (memory_id, slice_key, kind, subject, stated_at) VALUES (?, ?, ?, ?, ?)' +
        ' ON CONFLICT DO NOTHING',
      [memoryId, sliceKey(slice), kind, subject, toDbTime(statedAt)],
    );
  }

  /**
   * Finds live beliefs of the same slice, kind and subject that are not near-duplicates of this one: each pair
   * keeps both rows, the one stated earlier is superseded with the time the later was stated (its validity ends
   * there), and the pair is recorded for the owner. Returns the reviews created now (none on a rerun).
   */
  async resolveContradictions(memoryId: number, slice: NoteSlice, runId: number | null): Promise<Review[]> {
    const now = this.now();
    const live = liveWhere('m', now);
    const mine: Row[] = await this.db.query(
      `SELECT s.kind, s.subject, s.stated_at, m.content FROM dream_subjects s JOIN memories m ON m.id = s.memory_id WHERE s.memory_id = ? AND ${live.sql}`,
      [memoryId, ...live.params],
    );
    if (mine.length === 0) return [];
    const me = { id: memoryId, content: String(mine[0].content), statedAt: fromDbTime(mine[0].stated_at)! };
    const others: Row[] = await this.db.query(
      'SELECT s.memory_id, s.stated_at, m.content FROM dream_subjects s JOIN memories m ON m.id = s.memory_id' +
        ` WHERE s.slice_key = ? AND s.kind = ? AND s.subject = ? AND s.memory_id <> ? AND ${live.sql}` +
        ' ORDER BY s.stated_at, s.memory_id',
      [sliceKey(slice), mine[0].kind, mine[0].subject, memoryId, ...live.params],
    );
    const created: Review[] = [];
    for (const r of others) {
      const other = {
        id: Number(r.memory_id),
        content: String(r.content),
        statedAt: fromDbTime(r.stated_at)!,
      };
      if (isNearDuplicate(me.content, other.content, this.opts.jaccardThreshold)) continue;
      const meFirst =
        me.statedAt.getTime() < other.statedAt.getTime() ||
        (me.statedAt.getTime() === other.statedAt.getTime() && me.id < other.id);
      const [older, newer] = meFirst ? [me, other] : [other, me];
      // a belief stated "in the future" (clock skew, a scheduled note) still stops holding no later than now
      const validUntil = new Date(Math.min(newer.statedAt.getTime(), now.getTime()));
      // the review first: a crash between the two steps then leaves a live pair the rerun supersedes, never a
      // superseded belief nobody was told about
      const review = await this.recordReview(slice, runId, String(mine[0].kind), String(mine[0].subject), {
        older,
        newer,
        validUntil,
      });
      await this.store.supersede(older.id, newer.id, validUntil);
      if (review) created.push(review);
      if (older.id === me.id) break; // this belief no longer holds: nothing else can contradict it
    }
    return created;
  }

  private async recordReview(
    slice: NoteSlice,
    runId: number | null,
    kind: string,
    subject: string,
    pair: {
      older: { id: number; content: string };
      newer: { id: number; content: string };
      validUntil: Date;
    },
  ): Promise<Review | null> {
    const t = this.now();
    const rows: Row[] = await this.db.query(
      'INSERT INTO dream_reviews (run_id, slice_key, workspace, visibility, owner_user_id, kind, subject,' +
        " older_memory_id, newer_memory_id, valid_until, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)" +
        ' ON CONFLICT DO NOTHING RETURNING id',
      [
        runId,
        ...sliceColumns(slice),
        kind,
        subject,
        pair.older.id,
        pair.newer.id,
        toDbTime(pair.validUntil),
        toDbTime(t),
      ],
    );
    if (rows.length === 0) return null;
    return {
      id: Number(rows[0].id),
      runId,
      slice,
      kind,
      subject,
      older: { id: pair.older.id, content: pair.older.content },
      newer: { id: pair.newer.id, content: pair.newer.content },
      validUntil: pair.validUntil,
      status: 'open',
      createdAt: t,
    };
  }

  /** Promotes the slice's contextual beliefs referenced or corroborated repeatedly to core; returns how many. */
  async promoteRepeated(slice: MemorySlice): Promise<number> {
    const ids = await promotableIds(
      this.db,
      slice,
      { references: this.opts.promoteAfterReferences, sources: this.opts.promoteAfterSources },
      this.now(),
    );
    for (const id of ids) await this.store.promote(id);
    return ids.length;
  }

  /** Archives the slice's orphan rows (never deletes); returns how many. */
  async archiveOrphans(slice: MemorySlice): Promise<number> {
    return archiveSliceOrphans(this.db, slice, this.now());
  }

  /** Open contradictions, newest first; `owners` narrows to those users' private slices. */
  openReviews(limit = 50, owners?: string[]): Promise<Review[]> {
    return this.reviews({ statuses: ['open'], limit, owners });
  }

  /** Contradictions in the given states, newest first, paged by `beforeId`. */
  async reviews(q: {
    statuses: string[];
    limit: number;
    owners?: string[];
    beforeId?: number;
  }): Promise<Review[]> {
    const where = [
      `r.status IN (${q.statuses.map(() => '?').join(', ')})`,
      ...(q.owners ? [`r.owner_user_id IN (${q.owners.map(() => '?').join(', ') || 'NULL'})`] : []),
      ...(q.beforeId !== undefined ? ['r.id < ?'] : []),
    ];
    const rows: Row[] = await this.db.query(
      'SELECT r.*, o.content AS older_content, n.content AS newer_content FROM dream_reviews r' +
        ' LEFT JOIN memories o ON o.id = r.older_memory_id LEFT JOIN memories n ON n.id = r.newer_memory_id' +
        ` WHERE ${where.join(' AND ')} ORDER BY r.id DESC LIMIT ?`,
      [...q.statuses, ...(q.owners ?? []), ...(q.beforeId !== undefined ? [q.beforeId] : []), q.limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      runId: r.run_id === null ? null : Number(r.run_id),
      slice: {
        workspace: (r.workspace as string | null) ?? null,
        visibility: r.visibility as NoteSlice['visibility'],
        ownerUserId: (r.owner_user_id as string | null) ?? null,
      },
      kind: String(r.kind),
      subject: String(r.subject),
      older: { id: Number(r.older_memory_id), content: String(r.older_content ?? '') },
      newer: { id: Number(r.newer_memory_id), content: String(r.newer_content ?? '') },
      validUntil: fromDbTime(r.valid_until)!,
      status: String(r.status),
      createdAt: fromDbTime(r.created_at)!,
    }));
  }

  /** How many contradictions are in each state. */
  async reviewCounts(): Promise<Record<string, number>> {
    const rows: Row[] = await this.db.query(
      'SELECT status, count(*) AS n FROM dream_reviews GROUP BY status',
    );
    return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
  }
}
