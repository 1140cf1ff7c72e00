// Wires embedder, vector store, indexer and watcher together and exposes the API dependents call.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger, ModelClient } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import { type CollectionStatus, collectionStatus } from './collection-status.ts';
import { collectionNames, type GuestWindowPredicate } from './collections.ts';
import { EmbeddedVectorStore } from './embedded-vector-store.ts';
import { type Embedder, selectEmbedder } from './embedder.ts';
import { IndexEvents } from './index-events.ts';
import type { KnowledgeMetrics } from './knowledge-metrics.ts';
import type { KnowledgeSettings } from './knowledge-settings.ts';
import { QdrantVectorStore } from './qdrant-vector-store.ts';
import { type FileOutcome, type RunSummary, VaultIndexer } from './vault-indexer.ts';
import { VaultWatcher } from './vault-watcher.ts';
import type { CollectionInfo, SearchHit, VectorStore } from './vector-store.ts';

/** The knowledge plugin's public API (what `ctx.dependency('knowledge')` returns). */
export interface KnowledgeApi {
  readonly vaultRoot: string;
  /** Exact top-k chunks across the given collections (see collections.ts for the names). */
  search(collections: string[], query: string, k?: number): Promise<SearchHit[]>;
  /** The same search over one hosting workspace's guest window only (documents marked guest_visible). */
  searchGuestWindow(workspace: string, query: string, k?: number): Promise<SearchHit[]>;
  /** Re-indexes one file now (absolute or vault-relative path); a vanished file is removed from the index. */
  indexFile(file: string): Promise<FileOutcome>;
  /** A full consistency pass; concurrent calls share one run. */
  reindexAll(): Promise<RunSummary>;
  /** Sets the workspaces that host guests, then re-files workspace documents into or out of guest windows. */
  setGuestWorkspaces(slugs: Iterable<string>): Promise<RunSummary>;
  status(): Promise<KnowledgeStatus>;
}

/** Counts, the embedder and store in use, the last pass and the one running now. */
export interface KnowledgeStatus {
  vaultRoot: string;
  embedder: { id: string; kind: string; dimensions: number };
  store: string;
  watching: boolean;
  files: number;
  chunks: number;
  collections: CollectionInfo[];
  running: ReturnType<VaultIndexer['status']>['running'] | null;
  lastRun: RunSummary | null;
  skippedByReason: Record<string, number>;
  recentSkipped: ReturnType<VaultIndexer['status']>['recentSkipped'];
  /** Files, chunks, last indexed and skipped files per collection. */
  byCollection: CollectionStatus[];
}

/** What the service is built from (all of it from the plugin context). */
export interface KnowledgeDeps {
  settings: KnowledgeSettings;
  vaultRoot: string;
  db: DataSource;
  /** The plugin's own folder: large collections' HNSW graphs are saved under it. */
  dataDir: string;
  model: ModelClient;
  logger: Logger;
  metrics: KnowledgeMetrics;
}

/** The running plugin: call start() once, stop() on dispose. */
export class KnowledgeService {
  readonly embedder: Embedder;
  readonly store: VectorStore;
  readonly indexer: VaultIndexer;
  /** Live progress of full passes, for the owner's event stream. */
  readonly events: IndexEvents;
  private watcher?: VaultWatcher;
  private readonly abort = new AbortController();
  private guestSlugs: Set<string>;

  constructor(private readonly deps: KnowledgeDeps) {
    const { settings } = deps;
    this.embedder = selectEmbedder(deps.model, { batchSize: settings.embedBatchSize });
    this.store =
      settings.vectorStore === 'qdrant'
        ? new QdrantVectorStore({ url: settings.qdrantUrl!, apiKey: settings.qdrantApiKey })
        : new EmbeddedVectorStore(deps.db, { indexDir: path.join(deps.dataDir, 'vector-graphs') });
    this.guestSlugs = new Set(settings.guestWorkspaces);
    const hasGuestWindow: GuestWindowPredicate = (slug) => this.guestSlugs.has(slug);
    this.events = new IndexEvents((n) => deps.metrics.eventListeners.set(n));
    this.indexer = new VaultIndexer({
      root: deps.vaultRoot,
      db: deps.db,
      store: this.store,
      embedder: this.embedder,
      chunk: { chunkTokens: settings.chunkTokens, overlapTokens: settings.overlapTokens },
      maxFileBytes: settings.maxFileBytes,
      hasGuestWindow,
      logger: deps.logger,
      metrics: deps.metrics,
      signal: this.abort.signal,
      events: this.events,
    });
  }

  /** Creates the vault folders, starts the watcher and (if configured) a background full pass. */
  async start(): Promise<void> {
    const root = this.deps.vaultRoot;
    for (const area of ['household', 'members', 'workspaces'])
      mkdirSync(path.join(root, area), { recursive: true });
    this.deps.metrics.embedderInfo.reset();
    this.deps.metrics.embedderInfo.set({ embedder: this.embedder.id, store: this.store.kind }, 1);
    if (this.deps.settings.watch) {
      this.watcher = new VaultWatcher({
        root,
        target: this.indexer,
        batchMs: this.deps.settings.watchBatchMs,
        logger: this.deps.logger,
      });
      await this.watcher.start();
    }
    if (this.deps.settings.indexOnStart) void this.runPass('startup');
  }

  /** A full pass that logs instead of throwing (for start-up and the nightly job). */
  async runPass(trigger: string): Promise<RunSummary | undefined> {
    try {
      const summary = await this.indexer.reindexAll({ trigger, signal: this.abort.signal });
      await this.counts();
      return summary;
    } catch (err) {
      if (!this.abort.signal.aborted)
        this.deps.logger.error({ err }, `knowledge index pass (${trigger}) failed`);
      return undefined;
    }
  }

  /** Starts a full pass in the background; false when one is already running (it carries on). */
  startPass(trigger: string): boolean {
    if (this.indexer.status().running) return false;
    void this.runPass(trigger);
    return true;
  }

  /** Ends the event streams, stops the watcher, abandons a running pass between groups, and waits for it. */
  async stop(): Promise<void> {
    this.events.close();
    this.abort.abort();
    await this.watcher?.close();
    await this.indexer.settle();
    await this.store.close();
  }

  /** Builds the API object the plugin returns from activate. */
  api(): KnowledgeApi {
    return {
      vaultRoot: this.deps.vaultRoot,
      search: (collections, query, k) => this.search(collections, query, k),
      searchGuestWindow: (workspace, query, k) => this.search([collectionNames.guest(workspace)], query, k),
      indexFile: (file) => this.indexer.indexFile(file),
      reindexAll: () => this.indexer.reindexAll({ trigger: 'manual', signal: this.abort.signal }),
      setGuestWorkspaces: (slugs) => {
        this.guestSlugs = new Set(slugs);
        return this.indexer.reindexAll({ trigger: 'guest-windows', signal: this.abort.signal });
      },
      status: () => this.status(),
    };
  }

  private async search(collections: string[], query: string, k = 8): Promise<SearchHit[]> {
    if (!query.trim() || !collections.length) return [];
    const end = this.deps.metrics.searchDuration.startTimer({ store: this.store.kind });
    try {
      const [vector] = await this.embedder.embed([query], { signal: this.abort.signal });
      // A query of only stopwords embeds to zero: every score would be 0, so nothing is a real match.
      if (!vector.some((x) => x !== 0)) return [];
      return await this.store.search(collections, vector, Math.min(100, Math.max(1, Math.floor(k))));
    } finally {
      end();
    }
  }

  // Counts come from the store itself, so they stay right whichever writer (pass, watcher, tool) ran last.
  private async counts(): Promise<{ files: number; chunks: number; collections: CollectionInfo[] }> {
    const collections = await this.store.collections();
    const rows: { n: number }[] = await this.deps.db.query('SELECT COUNT(*) AS n FROM knowledge_file');
    const files = Number(rows[0]?.n ?? 0);
    const chunks = collections.reduce((n, c) => n + c.count, 0);
    this.deps.metrics.indexedFiles.set(files);
    this.deps.metrics.chunks.set(chunks);
    return { files, chunks, collections };
  }

  private async status(): Promise<KnowledgeStatus> {
    const s = this.indexer.status();
    const { files, chunks, collections } = await this.counts();
    return {
      vaultRoot: this.deps.vaultRoot,
      embedder: { id: this.embedder.id, kind: this.embedder.kind, dimensions: this.embedder.dimensions },
      store: this.store.kind,
      watching: Boolean(this.watcher),
      files,
      chunks,
      collections,
      running: s.running ?? null,
      lastRun: s.lastRun ?? null,
      skippedByReason: s.skippedByReason,
      recentSkipped: s.recentSkipped,
      byCollection: await collectionStatus(this.deps.db, collections, s.recentSkipped),
    };
  }
}
