// One note through Dream: extract, check quotes and echoes, dedup each claim, write or corroborate, reconcile.
import type { DataSource } from 'typeorm';
import { ZodError } from 'zod';
import type { Logger } from '../logger.ts';
import type { Memory } from '../memory/memory.entity.ts';
import type { StabilityTier } from '../memory/memory-input.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { Note } from '../memory/note.entity.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import type { MemorySlice } from '../memory/seal-filter.ts';
import { archiveBeforeEdit } from '../memory/slice-maintenance.ts';
import { type BatchLimits, extractBatch, planGroups } from './batch-extraction.ts';
import type { Claim, ClaimKind } from './claim-parse.ts';
import { bestJaccard, type Deduper } from './dedup.ts';
import type { DreamMetrics } from './dream-metrics.ts';
import type { RetiredEvent } from './dream-report.ts';
import { type ChatModel, type Extraction, ExtractionFailure, extractClaims } from './extraction.ts';
import type { NoteBeliefs } from './note-beliefs.ts';
import type { NoteRetries } from './note-retries.ts';
import { checkClaim } from './quote-check.ts';
import type { Reconciler, Review } from './reconcile.ts';
import type { RunCounters } from './run-counters.ts';

/** The state one slice run threads through its notes. */
export interface RunContext {
  slice: NoteSlice;
  memorySlice: MemorySlice;
  runId: number;
  counters: RunCounters;
  /** The semantic pass is on for this run (before per-note embedding exclusions). */
  semantic: boolean;
  retired: RetiredEvent[];
  reviews: Review[];
  signal?: AbortSignal;
}

export interface ConsolidatorDeps {
  db: DataSource;
  now: () => Date;
  store: MemoryStore;
  links: NoteBeliefs;
  jaccardThreshold: number;
  deduper: Deduper;
  reconciler: Reconciler;
  retries: NoteRetries;
  model: ChatModel;
  prompt: string;
  /** What the prompt adds for several notes in one call; without it every note is extracted alone. */
  batchPrompt?: string;
  batchLimits: BatchLimits;
  metrics: DreamMetrics;
  logger: Logger;
  maxAttempts: number;
  extractionTimeoutMs: number;
  /** Notes that must never reach the embedder (by their workspace or source kind). */
  embeddingExcluded: (note: Note) => boolean;
  onReview?: (review: Review) => Promise<void> | void;
}

/** Observations drift; everything else a person states holds until they say otherwise. */
function defaultStability(kind: ClaimKind): StabilityTier {
  return kind === 'observation' ? 'volatile' : 'stable';
}

/** Runs notes through extraction, the claim checks, dedup and reconciliation. */
export class NoteConsolidator {
  constructor(private readonly d: ConsolidatorDeps) {}

  /**
   * Consolidates one note. Extraction failures are recorded (and the note retired at the last attempt) without
   * throwing; InfrastructureFailure and database errors propagate so the pass stops and the cursor holds.
   */
  async process(note: Note, ctx: RunContext, isRetry: boolean): Promise<void> {
    ctx.counters.notesRead++;
    let extraction: Extraction;
    try {
      extraction = await extractClaims(this.d.model, this.d.prompt, note, {
        timeoutMs: this.d.extractionTimeoutMs,
        signal: ctx.signal,
      });
    } catch (err) {
      if (err instanceof ExtractionFailure) return this.failed(note, ctx, err);
      throw err;
    }
    await this.apply(note, extraction, ctx, isRetry);
  }

  /** The extraction groups for new notes, in order: short ones share a call, long ones go alone. */
  groups(notes: Note[]): Note[][] {
    return this.d.batchPrompt ? planGroups(notes, this.d.batchLimits) : notes.map((n) => [n]);
  }

  /**
   * Consolidates a group of new notes from one extraction call. Each note's claims then go through exactly the
   * single-note steps; a note the answer left out (or the whole call, if it failed) is extracted again on its own,
   * so only its own attempts ever count towards retiring it.
   */
  async processGroup(notes: Note[], ctx: RunContext): Promise<void> {
    if (notes.length < 2 || !this.d.batchPrompt) {
      for (const note of notes) await this.process(note, ctx, false);
      return;
    }
    const answered = await extractBatch(this.d.model, `${this.d.prompt}\n\n${this.d.batchPrompt}`, notes, {
      // one answer carries several notes' claims: give it the time of two single calls
      timeoutMs: this.d.extractionTimeoutMs * 2,
      signal: ctx.signal,
    });
    this.d.metrics.batch(notes.length, answered.size);
    // one read for the group's existing links (only a replay after a crash finds any); an edited note reads its
    // own after archive-before-edit instead
    const linked = await this.d.links.ofMany(
      notes.filter((n) => answered.has(n.id) && !n.editedAt).map((n) => n.id),
    );
    for (const note of notes) {
      const extraction = answered.get(note.id);
      if (!extraction) await this.process(note, ctx, false);
      else {
        ctx.counters.notesRead++;
        await this.apply(
          note,
          extraction,
          ctx,
          false,
          note.editedAt ? undefined : (linked.get(note.id) ?? []),
        );
      }
    }
  }

  /**
   * Everything after a successful extraction: archive-before-edit, then each claim in turn. `linked` is the note's
   * beliefs when the caller already read them.
   */
  private async apply(
    note: Note,
    extraction: Extraction,
    ctx: RunContext,
    isRetry: boolean,
    linked?: Memory[],
  ): Promise<void> {
    if (note.editedAt) {
      // after a successful extraction only, so a failing retry never leaves the note with no beliefs at all
      ctx.counters.archived += await archiveBeforeEdit(this.d.db, note.id, note.editedAt, this.d.now());
    }
    ctx.counters.claimsInvalid += extraction.invalid;
    this.d.metrics.drop('invalid', extraction.invalid);
    const semantic = ctx.semantic && !this.d.embeddingExcluded(note);
    const own = linked ?? (await this.d.links.of(note.id));
    for (const claim of extraction.claims) await this.claim(note, claim, ctx, semantic, own);
    if (isRetry) await this.d.retries.clear(note.id);
  }

  /** One claim: checks, then noop / corroborate / new; `own` holds the note's beliefs so far (kept current). */
  private async claim(note: Note, claim: Claim, ctx: RunContext, semantic: boolean, own: Memory[]) {
    const verdict = checkClaim(note, claim);
    if (verdict !== 'ok') {
      if (verdict === 'no_quote') ctx.counters.droppedNoQuote++;
      else ctx.counters.droppedEcho++;
      this.d.metrics.drop(verdict);
      return;
    }
    // the note's own beliefs first, superseded ones included: a replay after a crash must recognise them
    let belief = bestJaccard(claim.content, own, this.d.jaccardThreshold, (t) =>
      this.d.deduper.words.of(t),
    )?.memory;
    if (!belief) {
      const { match, semanticFallback } = await this.d.deduper.find(ctx.memorySlice, claim, semantic);
      if (semanticFallback) ctx.counters.semanticFallbacks++;
      if (match?.via === 'semantic') ctx.counters.semanticMatches++;
      if (match && !match.memory.sourceNoteIds.includes(note.id)) {
        // source first: a crash before the link is replayed as a noop (the source is there), never lost
        await this.d.store.addSource(match.memory.id, note.id);
        await this.d.links.link(note.id, match.memory.id);
        own.push(match.memory);
        ctx.counters.corroborated++;
        return;
      }
      belief = match?.memory;
    }
    if (belief) {
      // the same note said it again (or this batch is being replayed): nothing new, but finish what a first
      // pass may not have reached before it stopped
      ctx.counters.deduped++;
      await this.d.links.link(note.id, belief.id);
    } else {
      const written = await this.write(note, claim, ctx);
      if (!written) return;
      await this.d.links.link(note.id, written.id);
      own.push(written);
      belief = written;
      ctx.counters.beliefsWritten++;
    }
    if (!claim.subject) return;
    await this.d.reconciler.recordSubject(belief.id, ctx.slice, claim.kind, claim.subject, note.occurredAt);
    const reviews = await this.d.reconciler.resolveContradictions(belief.id, ctx.slice, ctx.runId);
    for (const review of reviews) {
      ctx.counters.contradictions++;
      ctx.reviews.push(review);
      try {
        await this.d.onReview?.(review);
      } catch (err) {
        this.d.logger.warn({ err, review: review.id }, 'could not tell the owner about a contradiction');
      }
    }
  }

  /** Writes a claim as a new belief; a claim the store refuses counts as invalid, not as a failure of the pass. */
  private async write(note: Note, claim: Claim, ctx: RunContext): Promise<Memory | null> {
    try {
      return await this.d.store.create(
        {
          content: claim.content,
          kind: claim.kind,
          importance: claim.importance,
          tags: claim.tags,
          confidence: claim.confidence,
        },
        {
          ownerUserId: ctx.memorySlice.ownerUserId,
          workspace: ctx.memorySlice.workspace,
          provenance: 'model_inference',
          stability: claim.stability ?? defaultStability(claim.kind),
          sourceNoteIds: [note.id],
          quote: claim.quote.trim(),
        },
      );
    } catch (err) {
      if (!(err instanceof ZodError)) throw err;
      ctx.counters.claimsInvalid++;
      this.d.metrics.drop('invalid');
      return null;
    }
  }

  /** Counts a failed attempt; at the last one the note is retired, loudly, with its reason. */
  private async failed(note: Note, ctx: RunContext, err: ExtractionFailure): Promise<void> {
    const attempts = await this.d.retries.recordFailure(note, ctx.slice, err.reason, err.message);
    ctx.counters.noteFailures++;
    const retire = attempts >= this.d.maxAttempts;
    this.d.metrics.failure(err.reason, retire);
    const where = { note: note.id, seq: note.seq, run: ctx.runId, reason: err.reason, attempts };
    if (!retire) {
      this.d.logger.warn(
        { ...where, err: err.message },
        'Dream could not extract a note; it is retried next run',
      );
      return;
    }
    await this.d.retries.retire(note, ctx.slice, attempts, err.reason, err.message, ctx.runId);
    ctx.counters.notesRetired++;
    ctx.retired.push({ noteId: note.id, attempts, reason: err.reason, detail: err.message });
    this.d.logger.error(
      { ...where, err: err.message },
      `Dream retired note ${note.id} after ${attempts} failed attempts (${err.reason}); it is listed in /brain/dream/status`,
    );
  }
}
