// The knowledge routes on the wire: the status reply, the reindex answer and the live events, as zod schemas (the admin UI's types too).
import { z } from 'zod';

/** The pass running now. */
export const runProgressSchema = z.strictObject({
  trigger: z.string(),
  phase: z.enum(['scanning', 'indexing', 'cleaning']),
  startedAt: z.string(),
  total: z.number(),
  done: z.number(),
});

/** A finished pass's totals. */
export const runSummarySchema = z.strictObject({
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  files: z.number(),
  indexed: z.number(),
  unchanged: z.number(),
  removed: z.number(),
  skipped: z.number(),
  failed: z.number(),
  chunksWritten: z.number(),
  skippedByReason: z.record(z.string(), z.number()),
});

/** A file the indexer refused; `path` is null inside a member's own folder. */
export const skippedFileSchema = z.strictObject({
  path: z.string().nullable(),
  reason: z.string(),
  message: z.string().nullable(),
  at: z.string(),
});

/** GET /plugins/knowledge/status: counts, the embedder, the passes, and each collection (file names per collection only). */
export const knowledgeStatusReply = z.strictObject({
  vaultRoot: z.string(),
  embedder: z.strictObject({ id: z.string(), kind: z.string(), dimensions: z.number() }),
  store: z.string(),
  watching: z.boolean(),
  files: z.number(),
  chunks: z.number(),
  collections: z.number(),
  running: runProgressSchema.nullable(),
  lastRun: runSummarySchema.nullable(),
  skippedByReason: z.record(z.string(), z.number()),
  by_collection: z.array(
    z.strictObject({
      name: z.string(),
      files: z.number(),
      chunks: z.number(),
      lastIndexedAt: z.string().nullable(),
      skipped: z.array(skippedFileSchema),
    }),
  ),
});

/** POST /plugins/knowledge/reindex (202): whether a pass started, and the one running. */
export const reindexReply = z.strictObject({ started: z.boolean(), running: runProgressSchema.nullable() });

/** The event stream's frames, by event name. */
export const indexEventSchemas = {
  state: z.strictObject({ running: runProgressSchema.nullable() }),
  progress: runProgressSchema.extend({ type: z.literal('progress') }),
  done: z.strictObject({ type: z.literal('done'), summary: runSummarySchema }),
  failed: z.strictObject({ type: z.literal('failed'), trigger: z.string(), message: z.string() }),
};
