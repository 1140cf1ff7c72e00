// Keeps the vector store in step with the vault: hash-incremental, delete-by-path first, bad files counted.
import type { DataSource } from 'typeorm';
import type { Logger } from '../../core/logger.ts';
import type { ChunkOptions } from './chunker.ts';
import { areaOf, collectionsFor, type GuestWindowPredicate } from './collections.ts';
import type { Embedder } from './embedder.ts';
import type { IndexEvents } from './index-events.ts';
import { type FileOutcome, newSummary, type RunProgress, type RunSummary, tally } from './index-run.ts';
import { IndexedFile } from './indexed-file.entity.ts';
import type { KnowledgeMetrics } from './knowledge-metrics.ts';
import { MovedVectors } from './moved-vectors.ts';
import {
  embeddingText,
  type LoadedFile,
  loadVaultFile,
  type ParsedFile,
  parseVaultFile,
} from './vault-file.ts';
import { isMarkdownPath, toVaultRelative, VaultPathError } from './vault-paths.ts';
import { walkVault } from './vault-walk.ts';
import type { VectorRecord, VectorStore } from './vector-store.ts';

export type { FileOutcome, RunProgress, RunSummary } from './index-run.ts';

/** The indexer's collaborators and limits. */
export interface IndexerOptions {
  root: string;
  db: DataSource;
  store: VectorStore;
  embedder: Embedder;
  chunk: ChunkOptions;
  maxFileBytes: number;
  hasGuestWindow: GuestWindowPredicate;
  logger?: Logger;
  metrics?: KnowledgeMetrics;
  /** Files prepared and embedded together in one batch during a full pass. */
  groupSize?: number;
  /** Aborts embedding calls in flight when the plugin stops. */
  signal?: AbortSignal;
  /** Where a full pass reports its progress, end and failure as they happen. */
  events?: IndexEvents;
}

type Prepared =
  | { kind: 'done'; outcome: FileOutcome }
  | { kind: 'write'; file: LoadedFile; parsed: ParsedFile; collections: string[]; previous?: IndexedFile };

/** Indexes single files (tools, the watcher) and whole-vault passes (start-up, nightly). */
export class VaultIndexer {
  private queue: Promise<unknown> = Promise.resolve();
  private current?: Promise<RunSummary>;
  private running?: RunProgress;
  private last?: RunSummary;
  private readonly skippedTotals: Record<string, number> = {};
  private readonly recent: (FileOutcome & { at: string })[] = [];

  private readonly moved: MovedVectors;

  constructor(private readonly opts: IndexerOptions) {
    this.moved = new MovedVectors(opts.store, () => this.files);
  }

  private get files() {
    return this.opts.db.getRepository(IndexedFile);
  }

  // One writer at a time, held per group of files so a single-file update never waits for a whole pass.
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Changes which workspaces host guests; the next pass moves files into or out of guest windows. */
  setGuestWindows(predicate: GuestWindowPredicate): void {
    this.opts.hasGuestWindow = predicate;
  }

  /** Indexes (or removes, when gone) one file given as an absolute or vault-relative path. */
  async indexFile(file: string): Promise<FileOutcome> {
    return (await this.indexPaths([file]))[0];
  }

  /** Indexes a batch of paths together (one embedding round), as the watcher delivers them. */
  async indexPaths(paths: string[]): Promise<FileOutcome[]> {
    const outcomes = await this.exclusive(() => this.processGroup(paths));
    for (const o of outcomes) this.record(o);
    return outcomes;
  }

  /** Removes every indexed file under a vault-relative folder (a deleted or moved-away folder). */
  async removeUnder(folder: string): Promise<FileOutcome[]> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    const rows = await this.files
      .createQueryBuilder('f')
      .where('substr(f.path, 1, :n) = :p', { n: prefix.length, p: prefix })
      .getMany();
    return this.indexPaths(rows.map((r) => r.path));
  }

  /** A full pass: every file hashed, changed ones re-embedded, vanished ones removed. Concurrent calls share one run. */
  reindexAll(opts: { trigger?: string; signal?: AbortSignal } = {}): Promise<RunSummary> {
    const trigger = opts.trigger ?? 'manual';
    this.current ??= this.runAll(trigger, opts.signal)
      .then(
        (summary) => {
          this.opts.events?.emit({ type: 'done', summary });
          return summary;
        },
        (err) => {
          this.opts.events?.emit({ type: 'failed', trigger, message: (err as Error).message });
          throw err;
        },
      )
      .finally(() => {
        this.current = undefined;
        this.running = undefined;
        this.opts.metrics?.progress.set(1);
      });
    return this.current;
  }

  /** Waits for a running pass and any queued writes to finish (without starting anything). */
  async settle(): Promise<void> {
    await this.current?.catch(() => undefined);
    await this.queue;
  }

  /** Progress, the last pass, and bad-input counts since start (with the most recent skips). */
  status() {
    return {
      running: this.running ? { ...this.running } : undefined,
      lastRun: this.last,
      skippedByReason: { ...this.skippedTotals },
      recentSkipped: [...this.recent],
    };
  }

  private async runAll(trigger: string, signal?: AbortSignal): Promise<RunSummary> {
    const started = Date.now();
    const summary = newSummary(trigger, started);
    const progress: RunProgress = {
      trigger,
      phase: 'scanning',
      startedAt: summary.startedAt,
      total: 0,
      done: 0,
    };
    this.running = progress;
    const report = () => this.opts.events?.emit({ type: 'progress', ...progress });
    report();
    this.opts.metrics?.progress.set(0);
    await this.exclusive(() => this.reconcileEmbedder());
    const entries = await walkVault(this.opts.root);
    const candidates = entries.filter((e) => !e.skip).map((e) => e.rel);
    for (const e of entries) {
      if (!e.skip) continue;
      const o: FileOutcome = { path: e.rel, status: 'skipped', reason: e.skip, message: e.message };
      this.record(o);
      tally(summary, o);
    }
    summary.files = candidates.length;
    progress.phase = 'indexing';
    progress.total = candidates.length;
    report();
    const group = Math.max(1, this.opts.groupSize ?? 32);
    for (let i = 0; i < candidates.length; i += group) {
      signal?.throwIfAborted();
      for (const o of await this.indexPaths(candidates.slice(i, i + group))) tally(summary, o);
      progress.done = Math.min(candidates.length, i + group);
      this.opts.metrics?.progress.set(progress.done / Math.max(1, progress.total));
      report();
    }
    progress.phase = 'cleaning';
    report();
    const seen = new Set(candidates);
    const known = await this.files.find({ select: { path: true } });
    // indexPaths removes a path that no longer exists and leaves alone one that reappeared meanwhile.
    const vanished = known.map((r) => r.path).filter((p) => !seen.has(p));
    for (let i = 0; i < vanished.length; i += group) {
      signal?.throwIfAborted();
      for (const o of await this.indexPaths(vanished.slice(i, i + group))) tally(summary, o);
    }
    summary.finishedAt = new Date().toISOString();
    summary.durationMs = Date.now() - started;
    this.last = summary;
    this.opts.metrics?.runDuration.observe({ trigger }, summary.durationMs / 1000);
    this.opts.logger?.info({ run: summary }, `knowledge index pass (${trigger}) done`);
    return summary;
  }

  // Vectors from another embedder live in another space (often another length): start the store afresh.
  private async reconcileEmbedder(): Promise<void> {
    const rows: { embedder: string }[] = await this.opts.db.query(
      'SELECT DISTINCT embedder FROM knowledge_file',
    );
    if (!rows.some((r) => r.embedder !== this.opts.embedder.id)) return;
    this.opts.logger?.warn(
      { from: rows.map((r) => r.embedder), to: this.opts.embedder.id },
      'embedder changed; dropping the vector index and re-embedding the vault',
    );
    await this.opts.store.clear();
    await this.files.clear();
  }

  private async processGroup(inputs: string[]): Promise<FileOutcome[]> {
    const prepared = await Promise.all(inputs.map((p) => this.prepare(p)));
    const writes = prepared.filter((p): p is Extract<Prepared, { kind: 'write' }> => p.kind === 'write');
    // Content already embedded elsewhere (a move, a copy) keeps its vectors; only the rest goes to the embedder.
    const reused = new Map<Prepared, Float32Array[]>();
    for (const w of writes) {
      const key = { hash: w.file.hash, title: w.parsed.title, embedder: this.opts.embedder.id };
      const found = await this.moved.find({ ...key, chunks: w.parsed.chunks.length });
      if (found) reused.set(w, found);
    }
    const texts = writes
      .filter((w) => !reused.has(w))
      .flatMap((w) => w.parsed.chunks.map((c) => embeddingText(w.parsed.title, c)));
    let vectors: Float32Array[] = [];
    let embedError: Error | undefined;
    if (texts.length) {
      try {
        vectors = await this.opts.embedder.embed(texts, { signal: this.opts.signal });
      } catch (err) {
        embedError = err as Error;
      }
    }
    const outcomes: FileOutcome[] = [];
    let offset = 0;
    for (const p of prepared) {
      if (p.kind === 'done') {
        outcomes.push(p.outcome);
        continue;
      }
      const n = p.parsed.chunks.length;
      const kept = reused.get(p);
      if (kept) {
        outcomes.push(await this.write(p, kept));
        continue;
      }
      const fileVectors = vectors.slice(offset, offset + n);
      offset += n;
      if (embedError && n) {
        outcomes.push({
          path: p.file.rel,
          status: 'failed',
          reason: 'embedding-failed',
          message: embedError.message,
        });
        continue;
      }
      outcomes.push(await this.write(p, fileVectors));
    }
    return outcomes;
  }

  private async prepare(input: string): Promise<Prepared> {
    const done = (outcome: FileOutcome): Prepared => ({ kind: 'done', outcome });
    let rel: string;
    try {
      rel = toVaultRelative(this.opts.root, input);
    } catch (err) {
      return done({
        path: input,
        status: 'skipped',
        reason: 'outside-vault',
        message: (err as Error).message,
      });
    }
    const previous = (await this.files.findOneBy({ path: rel })) ?? undefined;
    try {
      if (!areaOf(rel) || !isMarkdownPath(rel)) {
        return done(previous ? await this.remove(rel, previous) : { path: rel, status: 'ignored' });
      }
      const file = await loadVaultFile(this.opts.root, rel, this.opts.maxFileBytes);
      if (!file) return done(previous ? await this.remove(rel, previous) : { path: rel, status: 'ignored' });
      if (
        previous &&
        previous.hash === file.hash &&
        previous.embedder === this.opts.embedder.id &&
        previous.collections ===
          JSON.stringify(collectionsFor(rel, previous.guestVisible, this.opts.hasGuestWindow))
      ) {
        return done({ path: rel, status: 'unchanged', chunks: previous.chunks });
      }
      const parsed = parseVaultFile(file, this.opts.chunk);
      const collections = collectionsFor(rel, parsed.frontMatter.guestVisible, this.opts.hasGuestWindow);
      return { kind: 'write', file, parsed, collections, previous };
    } catch (err) {
      if (!(err instanceof VaultPathError)) {
        return done({ path: rel, status: 'failed', reason: 'error', message: (err as Error).message });
      }
      // A file that turned bad loses its old chunks: stale text (or a stale guest_visible) must not linger.
      if (previous) await this.remove(rel, previous).catch(() => undefined);
      return done({ path: rel, status: 'skipped', reason: err.reason, message: err.message });
    }
  }

  private async write(
    p: Extract<Prepared, { kind: 'write' }>,
    vectors: Float32Array[],
  ): Promise<FileOutcome> {
    const { file, parsed, collections, previous } = p;
    const records: VectorRecord[] = collections.flatMap((collection) =>
      parsed.chunks.map((c, ordinal) => ({
        collection,
        path: file.rel,
        ordinal,
        kind: c.kind,
        title: parsed.title,
        headings: c.headings,
        lineStart: c.lineStart,
        lineEnd: c.lineEnd,
        text: c.text,
        vector: vectors[ordinal],
      })),
    );
    try {
      // Without a previous row we cannot know where stale chunks sit, so every collection is cleared.
      const targets = previous
        ? [...new Set([...JSON.parse(previous.collections), ...collections])]
        : undefined;
      await this.opts.store.deleteByPath(file.rel, targets);
      await this.opts.store.upsert(records);
    } catch (err) {
      // The state row is left as it was, so the next pass tries this file again.
      return { path: file.rel, status: 'failed', reason: 'store-failed', message: (err as Error).message };
    }
    await this.files.save({
      path: file.rel,
      hash: file.hash,
      collections: JSON.stringify(collections),
      chunks: parsed.chunks.length,
      embedder: this.opts.embedder.id,
      size: file.size,
      title: parsed.title,
      guestVisible: parsed.frontMatter.guestVisible,
      indexedAt: new Date(),
    });
    this.opts.metrics?.chunksWritten.inc(records.length);
    return { path: file.rel, status: 'indexed', chunks: parsed.chunks.length };
  }

  private async remove(rel: string, previous: IndexedFile): Promise<FileOutcome> {
    if (previous.embedder === this.opts.embedder.id)
      await this.moved.remember(previous).catch(() => undefined);
    await this.opts.store.deleteByPath(rel, JSON.parse(previous.collections));
    await this.files.delete({ path: rel });
    return { path: rel, status: 'removed' };
  }

  private record(o: FileOutcome): void {
    this.opts.metrics?.files.inc({ outcome: o.status });
    if (o.status !== 'skipped' && o.status !== 'failed') return;
    this.skippedTotals[o.reason!] = (this.skippedTotals[o.reason!] ?? 0) + 1;
    this.opts.metrics?.skipped.inc({ reason: o.reason! });
    this.recent.push({ ...o, at: new Date().toISOString() });
    if (this.recent.length > 50) this.recent.shift();
    this.opts.logger?.warn(
      { path: o.path, reason: o.reason },
      `knowledge: skipped ${o.path}: ${o.message ?? o.reason}`,
    );
  }
}
