// Test kit for Dream: a temp SQLite database, the notes log and memory store, the scripted model and a runner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { rootDir } from '../../../core/build-info.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { openDatabase } from '../../../core/db/open-database.ts';
import { fromDbTime } from '../../../core/db/sql-values.ts';
import type { Embedder } from '../../../core/dream/dedup.ts';
import { DreamMetrics } from '../../../core/dream/dream-metrics.ts';
import { type DreamHooks, type DreamOptions, DreamRunner } from '../../../core/dream/dream-runner.ts';
import type { Review } from '../../../core/dream/reconcile.ts';
import { dreamOptions } from '../../../core/dream/setup-dream.ts';
import { readPromptFiles } from '../../../core/engine/prompt-library.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import type { Note } from '../../../core/memory/note.entity.ts';
import type { NoteSlice, NoteSourceKind } from '../../../core/memory/note-input.ts';
import { NotesLog } from '../../../core/memory/notes-log.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { ModelClient } from '../../../core/model/model-client.ts';
import { coreEntities, coreMigrations } from '../../../core/schema/core-entities.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const prompts = readPromptFiles(path.join(rootDir, 'prompts'));
export const PROMPT = prompts.get('tasks/dream-extraction')!;
export const BATCH_PROMPT = prompts.get('tasks/dream-extraction-batch')!;

export const silent = pino({ level: 'silent' });

/** Options as the config defaults give them, without a report folder. */
export const baseOptions: DreamOptions = {
  ...dreamOptions(loadConfig({ env: {} })),
  extractionTimeoutMs: 5000,
  reportDir: null,
};

export const alice: NoteSlice = { workspace: null, visibility: 'private', ownerUserId: 'alice' };

/** A claim object as the model would write it. */
export function claim(content: string, quote: string, extra: Record<string, unknown> = {}) {
  return { kind: 'fact', content, confidence: 0.8, importance: 'contextual', quote, ...extra };
}

/** A scripted reply holding these claims as a JSON array. */
export const reply = (...claims: unknown[]) => ({ content: JSON.stringify(claims) });

export interface DreamKit {
  db: DataSource;
  notes: NotesLog;
  store: MemoryStore;
  model: ScriptedModelServer;
  client: ModelClient;
  metrics: Metrics;
  clock: { now: Date };
  reviews: Review[];
  runner(
    opts?: Partial<DreamOptions>,
    /** `batch`: short notes share extraction calls as in production; otherwise one call per note. */
    extra?: { hooks?: DreamHooks; embedder?: Embedder | null; batch?: boolean },
  ): DreamRunner;
  note(text: string, o?: { slice?: NoteSlice; kind?: NoteSourceKind; at?: Date }): Promise<Note>;
  close(): Promise<void>;
}

/** Opens a kit; pass `model` to share one scripted server between kits. */
export async function openDreamKit(shared?: ScriptedModelServer): Promise<DreamKit> {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-dream-'));
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    url: await testDatabaseUrl(),
    busyTimeoutMs: 5000,
    entities: coreEntities,
    migrations: coreMigrations,
  });
  const clock = { now: new Date('2030-06-01T12:00:00Z') };
  const now = () => clock.now;
  const model = shared ?? (await ScriptedModelServer.start());
  model.fallback = { content: '[]' };
  const metrics = new Metrics(false);
  const client = new ModelClient(
    {
      baseUrl: model.url,
      apiKey: 'x',
      chatModel: 'test-chat',
      embeddingModel: 'test-embed',
      timeoutMs: 10_000,
      maxRetries: 0,
    },
    metrics,
  );
  const notes = new NotesLog(db, now);
  const store = new MemoryStore(db, { now });
  const reviews: Review[] = [];
  return {
    db,
    notes,
    store,
    model,
    client,
    metrics,
    clock,
    reviews,
    runner(opts = {}, extra = {}) {
      return new DreamRunner({
        db,
        notes,
        store,
        model: client,
        embedder: extra.embedder === null ? undefined : (extra.embedder ?? client),
        prompt: PROMPT,
        batchPrompt: extra.batch ? BATCH_PROMPT : undefined,
        logger: silent,
        metrics: new DreamMetrics(metrics),
        options: { ...baseOptions, ...opts },
        now,
        hooks: extra.hooks,
        onReview: (r) => {
          reviews.push(r);
        },
      });
    },
    note(text, o = {}) {
      return notes.append({
        slice: o.slice ?? alice,
        sourceKind: o.kind ?? 'notepad',
        text,
        occurredAt: o.at,
      });
    },
    async close() {
      if (!shared) await model.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every memory row, oldest first, as comparable plain values. */
export async function beliefs(db: DataSource) {
  const rows: Record<string, unknown>[] = await db.query('SELECT * FROM memories ORDER BY id');
  return rows.map((r) => ({
    id: Number(r.id),
    content: String(r.content),
    owner: r.owner_user_id as string | null,
    workspace: r.workspace as string | null,
    sources: JSON.parse(String(r.source_note_ids)) as number[],
    confidence: Number(r.confidence),
    importance: String(r.importance),
    provenance: String(r.provenance),
    supersededBy: r.superseded_by === null ? null : Number(r.superseded_by),
    validUntil: fromDbTime(r.valid_until),
    archivedAt: fromDbTime(r.archived_at),
  }));
}

/** Beliefs without ids or timestamps, to compare two databases' outcomes. */
export async function beliefShape(db: DataSource) {
  return (await beliefs(db)).map((b) => ({
    content: b.content,
    sources: b.sources.length,
    confidence: Number(b.confidence.toFixed(4)),
    superseded: b.supersededBy !== null,
  }));
}

/** The note texts the scripted model was asked to extract, in request order. */
export function extractedTexts(model: ScriptedModelServer): string[] {
  return model
    .chatRequests()
    .map((r) => /<note>\n([\s\S]*)\n<\/note>/.exec(String(r.body.messages.at(-1).content))?.[1] ?? '');
}
