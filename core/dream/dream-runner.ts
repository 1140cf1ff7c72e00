// The consolidation pass: a slice in bounded batches behind a durable cursor, a workspace's slices, their run rows.
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { QuorraConfig } from '../config/schema.ts';
import type { Logger } from '../logger.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { Note } from '../memory/note.entity.ts';
import { type NoteSlice, noteSliceSchema } from '../memory/note-input.ts';
import type { NotesLog } from '../memory/notes-log.ts';
import { Deduper, type Embedder } from './dedup.ts';
import { DreamCursors } from './dream-cursor.ts';
import type { DreamMetrics } from './dream-metrics.ts';
import { DreamRuns, type RunCause, type RunStatus } from './dream-runs.ts';
import { memorySliceOf, workspaceKey, workspaceOfKey } from './dream-slice.ts';
import { type ChatModel, InfrastructureFailure } from './extraction.ts';
import { NoteBeliefs } from './note-beliefs.ts';
import { NoteConsolidator, type RunContext } from './note-consolidation.ts';
import { NoteRetries } from './note-retries.ts';
import { Reconciler, type Review } from './reconcile.ts';
import { addCounters, type RunCounters, zeroCounters } from './run-counters.ts';
import { hasPendingWork, planPrivateSlices } from './slice-planner.ts';
import { type FinishDeps, finishSliceRun, type SliceRun } from './slice-run-finish.ts';

export type { SliceRun } from './slice-run-finish.ts';

/** The tunables of a pass (config `dream.*`). */
export type DreamOptions = Pick<
  QuorraConfig['dream'],
  | 'batchSize'
  | 'maxAttempts'
  | 'jaccardThreshold'
  | 'cosineThreshold'
  | 'candidateLimit'
  | 'semanticRecent'
  | 'userCap'
  | 'extractionTimeoutMs'
  | 'extractionBatchTokens'
  | 'extractionBatchNotes'
  | 'promoteAfterReferences'
  | 'promoteAfterSources'
  | 'embeddingExcludedWorkspaces'
  | 'embeddingExcludedSourceKinds'
> & {
  /** Null: reports stay on the run row only. */
  reportDir: string | null;
};

/** Test seams: both run between steps a real crash could fall between. */
export interface DreamHooks {
  afterNote?: (note: Note) => Promise<void> | void;
  afterBatch?: (info: { slice: NoteSlice; runId: number; cursor: number }) => Promise<void> | void;
}

export interface DreamRunnerDeps {
  db: DataSource;
  notes: NotesLog;
  store: MemoryStore;
  model: ChatModel;
  embedder?: Embedder;
  prompt: string;
  /** The prompt's addition for several notes in one call; without it every note is extracted alone. */
  batchPrompt?: string;
  logger: Logger;
  metrics: DreamMetrics;
  options: DreamOptions;
  now?: () => Date;
  hooks?: DreamHooks;
  onReview?: (review: Review) => Promise<void> | void;
}

export interface SliceRunOptions {
  cause: RunCause;
  semantic: boolean;
  /** Re-checked before every batch: false stops the run (the flags were switched off mid-run). */
  allowed?: () => Promise<boolean>;
  signal?: AbortSignal;
}

/** Runs Dream over slices and workspaces; it holds no lock itself (the Dream service serialises runs). */
export class DreamRunner {
  readonly cursors: DreamCursors;
  readonly runs: DreamRuns;
  readonly retries: NoteRetries;
  readonly reconciler: Reconciler;
  private readonly consolidator: NoteConsolidator;
  private readonly deduper: Deduper;
  private readonly now: () => Date;
  private readonly finishDeps: FinishDeps;

  constructor(private readonly d: DreamRunnerDeps) {
    this.now = d.now ?? (() => new Date());
    this.cursors = new DreamCursors(d.db, this.now);
    this.runs = new DreamRuns(d.db, this.now);
    const { logger, metrics } = d;
    this.finishDeps = { runs: this.runs, logger, metrics, reportDir: d.options.reportDir, now: this.now };
    this.retries = new NoteRetries(d.db, this.now);
    this.reconciler = new Reconciler(d.db, d.store, d.options, this.now);
    const excludedWs = new Set(d.options.embeddingExcludedWorkspaces);
    const excludedKinds = new Set(d.options.embeddingExcludedSourceKinds);
    this.deduper = new Deduper(d.db, d.store, d.options, d.embedder, this.now);
    this.consolidator = new NoteConsolidator({
      db: d.db,
      now: this.now,
      store: d.store,
      links: new NoteBeliefs(d.db),
      jaccardThreshold: d.options.jaccardThreshold,
      deduper: this.deduper,
      reconciler: this.reconciler,
      retries: this.retries,
      model: d.model,
      prompt: d.prompt,
      batchPrompt: d.batchPrompt,
      batchLimits: {
        budgetTokens: d.options.extractionBatchTokens,
        maxNotes: d.options.extractionBatchNotes,
      },
      metrics: d.metrics,
      logger: d.logger,
      maxAttempts: d.options.maxAttempts,
      extractionTimeoutMs: d.options.extractionTimeoutMs,
      embeddingExcluded: (n) => excludedWs.has(workspaceKey(n.workspace)) || excludedKinds.has(n.sourceKind),
      onReview: d.onReview,
    });
  }

  /**
   * Consolidates one slice: first the notes waiting for another attempt, then the notes after the cursor in
   * ingestion order, `batchSize` at a time, moving the cursor after each batch. An infrastructure failure moves it
   * only past the notes finished before it; any other error (a crash) leaves it at the last committed batch.
   */
  async consolidateSlice(slice: NoteSlice, opts: SliceRunOptions): Promise<SliceRun> {
    noteSliceSchema.parse(slice);
    const startedAt = this.now();
    const runId = await this.runs.start(slice, opts.cause);
    const ctx: RunContext = {
      slice,
      memorySlice: memorySliceOf(slice),
      runId,
      counters: zeroCounters(),
      semantic: opts.semantic,
      retired: [],
      reviews: [],
      signal: opts.signal,
    };
    const cursorBefore = await this.cursors.position(slice);
    let cursor = cursorBefore;
    let status: RunStatus = 'ok';
    let error: string | null = null;
    const stillAllowed = async () => !opts.allowed || (await opts.allowed());
    const switchedOff = async () => {
      if (await stillAllowed()) return false;
      status = 'stopped';
      error = 'Dream was switched off for this workspace (or the service is stopping)';
      return true;
    };
    try {
      for (const p of (await switchedOff()) ? [] : await this.retries.pending(slice)) {
        const note = await this.d.notes.get(p.noteId);
        // removed, or edited since (the edit re-sequenced it after the cursor, so it comes round as a new note)
        if (!note || note.seq !== p.noteSeq) await this.retries.clear(p.noteId);
        else await this.consolidator.process(note, ctx, true);
      }
      while (status === 'ok' && !(await switchedOff())) {
        const batch = await this.d.notes.readAfter(slice, cursor, this.d.options.batchSize);
        if (batch.length === 0) break;
        const known = await this.retries.known(batch);
        // beliefs edited, restored or reinstated in place since the last batch (new ones are found claim by claim)
        await this.deduper.sync();
        let last: Note | undefined;
        try {
          // notes waiting for a retry were handled above; the others go in extraction groups, in order
          for (const group of this.consolidator.groups(batch.filter((n) => !known.has(n.id)))) {
            await this.consolidator.processGroup(group, ctx);
            for (const note of group) await this.d.hooks?.afterNote?.(note);
            last = group.at(-1);
          }
          last = batch.at(-1);
        } catch (err) {
          if (err instanceof InfrastructureFailure && last) {
            await this.cursors.advance(slice, last, runId);
            cursor = last.seq;
          }
          throw err;
        }
        await this.cursors.advance(slice, last!, runId);
        cursor = last!.seq;
        await this.d.hooks?.afterBatch?.({ slice, runId, cursor });
        if (batch.length < this.d.options.batchSize) break;
      }
      if (status === 'ok') {
        ctx.counters.promoted += await this.reconciler.promoteRepeated(ctx.memorySlice);
        ctx.counters.archived += await this.reconciler.archiveOrphans(ctx.memorySlice);
        await this.cursors.touch(slice, runId);
      }
    } catch (err) {
      status = 'error';
      error = (err as Error)?.message ?? String(err);
      const kind = err instanceof InfrastructureFailure ? err.kind : 'internal';
      this.d.metrics.infrastructure.inc({ kind });
      this.d.logger.error({ err, runId, slice, kind }, 'Dream stopped; the cursor holds for the next run');
    } finally {
      this.deduper.release();
    }
    return finishSliceRun(this.finishDeps, {
      runId,
      slice,
      startedAt,
      ctx,
      status,
      error,
      cause: opts.cause,
      cursorBefore,
      cursor,
    });
  }

  /**
   * Consolidates a workspace key: the workspace's own notes (household-wide beliefs there), then each member's
   * private slice into that member's beliefs, at most `userCap` members per run. The shared slice is included only
   * when asked (`includeShared`, personal context only): the scheduler never asks. Stops at the first failed slice.
   */
  async consolidateWorkspace(
    key: string,
    opts: SliceRunOptions & { includeShared?: boolean },
  ): Promise<{ runs: SliceRun[]; totals: RunCounters; deferred: number; failed: boolean }> {
    const workspace = workspaceOfKey(key);
    const slices: NoteSlice[] = [];
    if (workspace !== null) slices.push({ workspace, visibility: 'workspace', ownerUserId: null });
    const plan = await planPrivateSlices(this.d.db, workspace, this.d.options.userCap);
    if (plan.deferred > 0) {
      this.d.metrics.deferred.inc(plan.deferred);
      this.d.logger.info(
        { workspace: key, deferred: plan.deferred },
        'Dream user cap reached; the rest run next',
      );
    }
    const candidates = [...slices, ...plan.picked];
    if (opts.includeShared && workspace === null) {
      candidates.push({ workspace: null, visibility: 'shared', ownerUserId: null });
    }
    const runs: SliceRun[] = [];
    const totals = zeroCounters();
    for (const slice of candidates) {
      if (slice.visibility !== 'private' && !(await hasPendingWork(this.d.db, slice))) continue;
      const run = await this.consolidateSlice(slice, opts);
      runs.push(run);
      addCounters(totals, run.counters);
      if (run.status === 'error') return { runs, totals, deferred: plan.deferred, failed: true };
      if (run.status === 'stopped') break;
    }
    return { runs, totals, deferred: plan.deferred, failed: false };
  }
}

/** The report folder for a data dir when none is configured. */
export function defaultReportDir(dataDir: string): string {
  return path.resolve(dataDir, 'dream-reports');
}
