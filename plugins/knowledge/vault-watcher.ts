// Watches the vault for direct edits (chokidar) and hands them to the indexer in batches.
import path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from 'quorra/plugin';
import type { FileOutcome } from './vault-indexer.ts';
import { isMarkdownPath } from './vault-paths.ts';

/** What the watcher needs from the indexer. */
export interface WatchTarget {
  indexPaths(paths: string[]): Promise<FileOutcome[]>;
  removeUnder(folder: string): Promise<FileOutcome[]>;
}

/** Where to watch, whom to tell, and how long a batch window stays open. */
export interface WatcherOptions {
  root: string;
  target: WatchTarget;
  /** How long changes collect before one batch is indexed (the design says ~5 minutes for direct edits). */
  batchMs: number;
  logger?: Logger;
  /** Called after each batch, for tests and status. */
  onBatch?: (outcomes: FileOutcome[]) => void;
}

/**
 * The first change after a quiet period opens a batch window; everything that changes within it is indexed
 * together when it closes, so a burst of saves (or a folder move) costs one embedding round, not dozens.
 */
export class VaultWatcher {
  private watcher?: FSWatcher;
  private readonly pending = new Map<string, 'file' | 'dir'>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly opts: WatcherOptions) {}

  /** Starts watching; resolves once the initial scan of the tree is done. */
  async start(): Promise<void> {
    const root = path.resolve(this.opts.root);
    this.watcher = watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (p: string) => path.basename(p).startsWith('.') && p !== root,
      awaitWriteFinish: { stabilityThreshold: 200, pollInterval: 50 },
    });
    const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
    const file = (p: string) => {
      if (isMarkdownPath(p)) this.queue(rel(p), 'file');
    };
    this.watcher
      .on('add', file)
      .on('change', file)
      .on('unlink', file)
      .on('unlinkDir', (p) => this.queue(rel(p), 'dir'))
      .on('error', (err) => this.opts.logger?.warn({ err }, 'knowledge: vault watcher error'));
    await new Promise<void>((resolve) => this.watcher!.once('ready', () => resolve()));
  }

  private queue(rel: string, kind: 'file' | 'dir'): void {
    if (this.closed || !rel || rel.startsWith('..')) return;
    this.pending.set(rel, kind);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, this.opts.batchMs);
  }

  /** Indexes everything collected so far, now. */
  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending.clear();
    const outcomes: FileOutcome[] = [];
    try {
      for (const [rel, kind] of batch)
        if (kind === 'dir') outcomes.push(...(await this.opts.target.removeUnder(rel)));
      const files = batch.filter(([, kind]) => kind === 'file').map(([rel]) => rel);
      if (files.length) outcomes.push(...(await this.opts.target.indexPaths(files)));
      // Direct edits are logged so the overnight schema audit can look at what people changed by hand.
      this.opts.logger?.info(
        {
          changed: outcomes
            .filter((o) => o.status !== 'unchanged' && o.status !== 'ignored')
            .map((o) => ({ path: o.path, status: o.status })),
        },
        `knowledge: indexed a batch of ${batch.length} vault change(s)`,
      );
    } catch (err) {
      this.opts.logger?.error(
        { err },
        'knowledge: a batch of vault changes failed; the nightly pass will retry',
      );
    }
    this.opts.onBatch?.(outcomes);
  }

  /** Stops watching and waits for a batch in progress; pending changes are left to the next full pass. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.watcher?.close();
    await this.flushing;
  }
}
