// The memories store: validated writes, sealed reads and search, the Dream pass's hooks and owner actions.
import type { DataSource } from 'typeorm';
import type { Seal } from '../contracts/principal.ts';
import { toDbTime } from '../db/sql-values.ts';
import { listCoreMemories } from './core-memories.ts';
import { addSourceNote } from './corroboration.ts';
import type { Memory } from './memory.entity.ts';
import {
  type MemoryInput,
  type MemoryOrigin,
  type MemoryPatch,
  makeMemoryInputSchema,
  makeMemoryPatchSchema,
  memoryOriginSchema,
  patchAssignments,
} from './memory-input.ts';
import {
  archiveMemory,
  archiveOrphans,
  DEFAULT_ARCHIVE_RETENTION_DAYS,
  purgeArchivedOlderThan,
  purgeMemory,
  restoreMemory,
  sweepExpired,
  takeSurfaceOnce,
} from './memory-lifecycle.ts';
import { type CoreMemory, toMemory } from './memory-row.ts';
import {
  DEFAULT_SEARCH_WINDOW,
  type RecallQuery,
  type ScoredMemory,
  searchMemories,
} from './memory-search.ts';
import { listForOwner, type OwnerListedMemory, type OwnerListFilters } from './owner-listing.ts';
import {
  dropRecallIndex,
  forgetInRecallIndex,
  MAX_RECALL_INDEX,
  refreshRecallIndex,
} from './recall-index.ts';
import { countReferences, flushReferences } from './reference-counts.ts';
import { syncRepeatedWords } from './repeated-words.ts';
import { type MemorySlice, sealFilter, sliceFilter } from './seal-filter.ts';
import { mergeSearchIndexes } from './search-index-upkeep.ts';

export interface MemoryStoreOptions {
  /** The clock every expiry, archive and validity comparison uses (tests pass a fixed one). */
  now?: () => Date;
  /** How many of the newest matches a search ranks (default 200). */
  searchWindow?: number;
  /** Days an archived memory is kept before the nightly purge (default 30). */
  retentionDays?: number;
  /**
   * Up to how many unarchived memories SQLite recall ranks from the in-memory index (recall-index.ts); above it,
   * or at 0, from FTS5's posting lists.
   */
  recallIndexCap?: number;
}

type Rows = Record<string, unknown>[];

/** How much a new note saying the same thing raises a belief's confidence (Dream's corroboration). */
export const CORROBORATION_STEP = 0.02;

/** Stores memories in SQLite; every read that can reach a prompt takes a Seal, which guests cannot obtain. */
export class MemoryStore {
  private readonly now: () => Date;
  private readonly searchWindow: number;
  private readonly retentionDays: number;
  private readonly recallIndexCap: number;
  private readonly inputSchema;
  private readonly patchSchema;

  constructor(
    private readonly db: DataSource,
    opts: MemoryStoreOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.searchWindow = opts.searchWindow ?? DEFAULT_SEARCH_WINDOW;
    this.retentionDays = opts.retentionDays ?? DEFAULT_ARCHIVE_RETENTION_DAYS;
    this.recallIndexCap = opts.recallIndexCap ?? MAX_RECALL_INDEX;
    this.inputSchema = makeMemoryInputSchema(this.now);
    this.patchSchema = makeMemoryPatchSchema(this.now);
  }

  /** Validates and writes a memory (throws ZodError, writing nothing, on bad input). */
  async create(input: MemoryInput, origin: MemoryOrigin): Promise<Memory> {
    const i = this.inputSchema.parse(input);
    const o = memoryOriginSchema.parse(origin);
    const t = toDbTime(this.now());
    const rows: Rows = await this.db.query(
      'INSERT INTO memories (content, owner_user_id, workspace, importance, kind, tags, confidence, stability,' +
        ' provenance, source_note_ids, quote, expires_at, surface_once, reference_count, created_at, updated_at)' +
        ' VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING *',
      [
        i.content,
        o.ownerUserId,
        o.workspace,
        i.importance,
        i.kind,
        JSON.stringify(i.tags),
        i.confidence,
        o.stability,
        o.provenance,
        JSON.stringify([...new Set(o.sourceNoteIds)]),
        o.quote,
        i.expiresAt ? toDbTime(i.expiresAt) : null,
        i.surfaceOnce ? 1 : 0,
        t,
        t,
      ],
    );
    const created = toMemory(rows[0]);
    await syncRepeatedWords(this.db, created, true);
    return created;
  }

  /** Applies an owner's edit (validated like create); null when the memory does not exist. */
  async update(id: number, patch: MemoryPatch): Promise<Memory | null> {
    const p = this.patchSchema.parse(patch) as Record<string, unknown>;
    const { sets, params } = patchAssignments(p);
    const rows: Rows = await this.db.query(
      `UPDATE memories SET ${sets.join(', ')}, updated_at = ? WHERE id = ? RETURNING *`,
      [...params, toDbTime(this.now()), id],
    );
    if (rows.length === 0) return null;
    const updated = toMemory(rows[0]);
    await syncRepeatedWords(this.db, updated);
    refreshRecallIndex(this.db, updated);
    return updated;
  }

  /** One memory, if the seal may see it. */
  async get(seal: Seal, id: number): Promise<Memory | null> {
    const f = sealFilter(seal, this.now());
    await flushReferences(this.db);
    const rows: Rows = await this.db.query(`SELECT m.* FROM memories m WHERE m.id = ? AND ${f.where}`, [
      id,
      ...f.params,
    ]);
    return rows.length > 0 ? toMemory(rows[0]) : null;
  }

  /** The core memories the seal may see, oldest first: what every prompt in that context carries. */
  async listCore(seal: Seal, limit = 200): Promise<CoreMemory[]> {
    return listCoreMemories(this.db, seal, this.now(), limit);
  }

  /** Ranked full-text and tag recall over the memories the seal may see. */
  async recall(seal: Seal, query: RecallQuery): Promise<ScoredMemory[]> {
    return searchMemories(
      this.db,
      sealFilter(seal, this.now()),
      query,
      this.searchWindow,
      this.recallIndexCap,
    );
  }

  /** Near-duplicate candidates for a claim within exactly one slice (the Dream pass's dedup step). */
  async candidates(slice: MemorySlice, text: string, limit = 10): Promise<ScoredMemory[]> {
    return searchMemories(
      this.db,
      sliceFilter(slice, this.now()),
      { text, limit },
      this.searchWindow,
      this.recallIndexCap,
    );
  }

  /**
   * Counts a use of each memory (recalled or injected) and stamps when. Written a few seconds later in one statement
   * with the other uses since (reference-counts.ts), so no recall waits on a write; `flushReferences` writes them now.
   */
  async markReferenced(ids: number[]): Promise<void> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id)))].slice(0, 500);
    if (unique.length > 0) countReferences(this.db, unique, this.now());
  }

  /** Writes the uses counted so far (the app's stop calls it; readers of the counts call it themselves). */
  async flushReferences(): Promise<void> {
    await flushReferences(this.db);
  }

  /**
   * Corroborates a memory with another source note: appends the note id (once) and raises confidence by `step`,
   * capped at 1. A note already listed changes nothing. Null when the memory does not exist.
   */
  async addSource(id: number, noteId: number, step = CORROBORATION_STEP): Promise<Memory | null> {
    return addSourceNote(this.db, id, noteId, step, this.now());
  }

  /** Ends a memory's validity because a newer one replaces it; it stays for history, invisible to sealed reads. */
  async supersede(id: number, supersededBy: number, validUntil: Date = this.now()): Promise<Memory | null> {
    if (id === supersededBy) throw new RangeError('a memory cannot supersede itself');
    const rows: Rows = await this.db.query(
      'UPDATE memories SET superseded_by = ?, valid_until = ?, updated_at = ? WHERE id = ? RETURNING *',
      [supersededBy, toDbTime(validUntil), toDbTime(this.now()), id],
    );
    return rows.length > 0 ? toMemory(rows[0]) : null;
  }

  /** Undoes a supersession: the memory holds again (the owner decided the older belief was right). */
  async reinstate(id: number): Promise<Memory | null> {
    const rows: Rows = await this.db.query(
      'UPDATE memories SET superseded_by = NULL, valid_until = NULL, updated_at = ? WHERE id = ? RETURNING *',
      [toDbTime(this.now()), id],
    );
    return rows.length > 0 ? toMemory(rows[0]) : null;
  }

  /** Promotes a contextual memory to core (into every prompt of its context). */
  async promote(id: number): Promise<Memory | null> {
    const rows: Rows = await this.db.query(
      "UPDATE memories SET importance = 'core', updated_at = ? WHERE id = ? RETURNING *",
      [toDbTime(this.now()), id],
    );
    return rows.length > 0 ? toMemory(rows[0]) : null;
  }

  /** The model's tool path: archives a memory only if the seal may see it. Never deletes. */
  async archiveSealed(seal: Seal, id: number): Promise<boolean> {
    const now = this.now();
    const archived = await archiveMemory(this.db, id, now, sealFilter(seal, now));
    if (archived) forgetInRecallIndex(this.db, [id]);
    return archived;
  }

  /** Owner action: archives any live memory (soft delete, invisible at once). */
  async archive(id: number): Promise<boolean> {
    const archived = await archiveMemory(this.db, id, this.now());
    if (archived) forgetInRecallIndex(this.db, [id]);
    return archived;
  }

  /** Owner action: brings an archived or expired memory back. */
  async restore(id: number): Promise<Memory | null> {
    const restored = await restoreMemory(this.db, id, this.now());
    if (restored) {
      await syncRepeatedWords(this.db, restored);
      refreshRecallIndex(this.db, restored);
    }
    return restored;
  }

  /** Owner action: deletes a memory permanently. */
  async purge(id: number): Promise<boolean> {
    const purged = await purgeMemory(this.db, id);
    if (purged) forgetInRecallIndex(this.db, [id]);
    return purged;
  }

  /** Hands pending surface-once memories to a surface (a briefing) and archives them. */
  async takeSurfaceOnce(seal: Seal, limit = 50): Promise<Memory[]> {
    return takeSurfaceOnce(this.db, seal, this.now(), limit);
  }

  /** Owner-only legibility listing across all workspaces; never use it to build a prompt. */
  async listForOwner(filters: OwnerListFilters = {}): Promise<OwnerListedMemory[]> {
    await flushReferences(this.db);
    return listForOwner(this.db, filters, this.now());
  }

  /** Owner-only: one memory by id whatever its state. */
  async getForOwner(id: number): Promise<Memory | null> {
    await flushReferences(this.db);
    const rows: Rows = await this.db.query('SELECT m.* FROM memories m WHERE m.id = ?', [id]);
    return rows.length > 0 ? toMemory(rows[0]) : null;
  }

  /** Permanently deletes memories archived longer than `days`. */
  async purgeArchivedOlderThan(days: number = this.retentionDays): Promise<number> {
    return purgeArchivedOlderThan(this.db, days, this.now());
  }

  /** Archives model-inferred memories whose source notes are all gone. */
  async archiveOrphans(): Promise<number> {
    return archiveOrphans(this.db, this.now());
  }

  /**
   * The nightly job: archive what expired, purge what has been archived longer than the retention, then merge
   * the search indexes' segments.
   */
  async runNightly(retentionDays: number = this.retentionDays): Promise<{ expired: number; purged: number }> {
    const expired = await sweepExpired(this.db, this.now());
    const purged = await purgeArchivedOlderThan(this.db, retentionDays, this.now());
    await mergeSearchIndexes(this.db);
    // the archived and purged rows would stay candidates that the seal turns away: the next recall starts afresh
    dropRecallIndex(this.db);
    return { expired, purged };
  }
}
