// The knowledge plugin's settings (config key `plugins.knowledge.settings`), validated by the plugin host.
import { z } from 'zod';

/** The settings schema; every key has a default except the paths and the Qdrant connection. */
export const knowledgeSettings = z
  .object({
    /** Defaults to `<dataDir>/vault`; a relative path resolves against the working directory. */
    vaultRoot: z.string().min(1).optional(),
    vectorStore: z.enum(['embedded', 'qdrant']).default('embedded'),
    qdrantUrl: z.url().optional(),
    qdrantApiKey: z.string().min(1).optional(),
    chunkTokens: z.number().int().min(32).max(8192).default(400),
    overlapTokens: z.number().int().min(0).max(2048).default(60),
    /** Pick up direct edits with a file watcher. */
    watch: z.boolean().default(true),
    /** The batch window for direct edits (the design asks for ~5 minutes). */
    watchBatchMs: z.number().int().min(10).default(300_000),
    /** Files larger than this are skipped (and counted) rather than read. */
    maxFileBytes: z.number().int().min(1024).default(2_000_000),
    /** Texts per /v1/embeddings request. */
    embedBatchSize: z.number().int().min(1).max(2048).default(64),
    /** Workspaces that host guests; only these get a `guest:<slug>` window. */
    guestWorkspaces: z.array(z.string().min(1)).default([]),
    /** Run a full pass right after activation (in the background). */
    indexOnStart: z.boolean().default(true),
    consistencyCron: z.string().min(1).default('30 2 * * *'),
  })
  .strict()
  .refine((s) => s.vectorStore !== 'qdrant' || s.qdrantUrl, {
    message: 'vectorStore "qdrant" needs qdrantUrl',
    path: ['qdrantUrl'],
  });

export type KnowledgeSettings = z.infer<typeof knowledgeSettings>;
