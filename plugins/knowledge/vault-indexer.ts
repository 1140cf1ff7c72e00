// Keeps the vector store in step with the vault: hash-incremental, delete-by-path first, bad files counted.
import type { Logger } from 'quorra/plugin';
import type { GuestWindowPredicate } from './collections.ts';
import type { IndexEvents } from './index-events.ts';
import { type FileOutcome, newSummary, type RunProgress, type RunSummary, tally } from './index-run.ts';
import { IndexedFile } from './indexed-file.entity.ts';
import { type FileSyncOptions, VaultFileSync } from './vault-file-sync.ts';
import { walkVault } from './vault-walk.ts';

export type { FileOutcome, RunProgress, RunSummary } from './index-run.ts';

/** The indexer's collaborators and limits. */
export interface IndexerOptions extends FileSyncOptions {
  logger?: Logger;
  /** Files prepared and embedded together in one batch during a full pass. */
  groupSize?: number;
  /** Where a full pass reports its progress, end and failure as they happen. */
  events?: IndexEvents;
}

/** Indexes single files (tools, the watcher) and whole-vault passes (start-up, nightly). */
export class VaultIndexer {
  private queue: Promise<unknown> = Promise.resolve();
  private current?: Promise<RunSummary>;
  private running?: RunProgress;
  private last?: RunSummary;
  private readonly skippedTotals: Record<string, number> = {};
  private readonly recent: (FileOutcome & { at: string })[] = [];

  private readonly sync: VaultFileSync;

  constructor(private readonly opts: IndexerOptions) {
    // the same options object: setGuestWindows below reaches the file writer too
    this.sync = new VaultFileSync(opts);
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
    const outcomes = await this.exclusive(() => this.sync.processGroup(paths));
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
