// Brings one group of vault files' chunks, vectors and state rows in step with what is on disk now.
import type { DataSource } from 'typeorm';
import type { ChunkOptions } from './chunker.ts';
import { areaOf, collectionsFor, type GuestWindowPredicate } from './collections.ts';
import type { Embedder } from './embedder.ts';
import type { FileOutcome } from './index-run.ts';
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
import type { VectorRecord, VectorStore } from './vector-store.ts';

/** What writing files needs; read on every call, so a changed guest-window predicate applies to the next file. */
export interface FileSyncOptions {
  root: string;
  db: DataSource;
  store: VectorStore;
  embedder: Embedder;
  chunk: ChunkOptions;
  maxFileBytes: number;
  hasGuestWindow: GuestWindowPredicate;
  metrics?: KnowledgeMetrics;
  /** Aborts embedding calls in flight when the plugin stops. */
  signal?: AbortSignal;
}

type Prepared =
  | { kind: 'done'; outcome: FileOutcome }
  | { kind: 'write'; file: LoadedFile; parsed: ParsedFile; collections: string[]; previous?: IndexedFile };

/** The per-file half of indexing; the caller (VaultIndexer) serialises calls and schedules passes. */
export class VaultFileSync {
  private readonly moved: MovedVectors;

  constructor(private readonly opts: FileSyncOptions) {
    this.moved = new MovedVectors(opts.store, () => this.files);
  }

  private get files() {
    return this.opts.db.getRepository(IndexedFile);
  }

  /** Prepares, embeds (one round for the group) and writes each file; never throws for one bad file. */
  async processGroup(inputs: string[]): Promise<FileOutcome[]> {
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

  /** Drops a file's chunks and state row, remembering its vectors in case it reappears elsewhere (a move). */
  private async remove(rel: string, previous: IndexedFile): Promise<FileOutcome> {
    if (previous.embedder === this.opts.embedder.id)
      await this.moved.remember(previous).catch(() => undefined);
    await this.opts.store.deleteByPath(rel, JSON.parse(previous.collections));
    await this.files.delete({ path: rel });
    return { path: rel, status: 'removed' };
  }
}
