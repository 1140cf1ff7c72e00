// The knowledge plugin's settings (config key `plugins.knowledge.settings`), validated by the plugin host.
import { z } from 'zod';

/** The settings schema; every key has a default except the paths and the Qdrant connection. */
export const knowledgeSettings = z
  .object({
    /** Defaults to `<dataDir>/vault`; a relative path resolves against the working directory. */
    vaultRoot: z.string().min(1).optional().meta({
      title: 'Notes folder',
      description: 'The folder of Markdown notes Quorra reads; leave empty for Quorra’s own vault folder.',
    }),
    vectorStore: z
      .enum(['embedded', 'qdrant'])
      .default('embedded')
      .meta({
        title: 'Search index',
        description: 'Embedded (nothing to install) or a Qdrant server.',
        options: { embedded: 'Built in (nothing to install)', qdrant: 'A Qdrant server' },
      }),
    qdrantUrl: z.url().optional().meta({
      title: 'Qdrant address',
      description: 'Only for a Qdrant server: its address, e.g. http://127.0.0.1:6333.',
      service: 'qdrant',
    }),
    qdrantApiKey: z
      .string()
      .min(1)
      .optional()
      .meta({ title: 'Qdrant API key', description: 'Only if your Qdrant server asks for a key.' }),
    chunkTokens: z.number().int().min(32).max(8192).default(400).meta({
      title: 'Passage size',
      description: 'How long each searchable passage of a note is (in tokens).',
    }),
    overlapTokens: z
      .number()
      .int()
      .min(0)
      .max(2048)
      .default(60)
      .meta({ title: 'Passage overlap', description: 'How much neighbouring passages share (in tokens).' }),
    /** Pick up direct edits with a file watcher. */
    watch: z
      .boolean()
      .default(true)
      .meta({ title: 'Watch for edits', description: 'Pick up notes you edit directly in the folder.' }),
    /** The batch window for direct edits (the design asks for ~5 minutes). */
    watchBatchMs: z.number().int().min(10).default(300_000).meta({
      title: 'Edit batch window (ms)',
      description: 'How long to gather direct edits before re-reading them.',
    }),
    /** Files larger than this are skipped (and counted) rather than read. */
    maxFileBytes: z
      .number()
      .int()
      .min(1024)
      .default(2_000_000)
      .meta({ title: 'Largest file (bytes)', description: 'Bigger files are skipped and counted.' }),
    /** Texts per /v1/embeddings request. */
    embedBatchSize: z.number().int().min(1).max(2048).default(64).meta({
      title: 'Passages per request',
      description: 'How many passages go to the model in one request.',
    }),
    /** Workspaces that host guests; only these get a `guest:<slug>` window. */
    guestWorkspaces: z.array(z.string().min(1)).default([]).meta({
      title: 'Guest workspaces',
      description: 'Workspaces that host guests; only these get guest notes.',
    }),
    /** Run a full pass right after activation (in the background). */
    indexOnStart: z.boolean().default(true).meta({
      title: 'Read all notes at start',
      description: 'Go through every note once when Quorra starts.',
    }),
    consistencyCron: z
      .string()
      .min(1)
      .default('30 2 * * *')
      .meta({ title: 'Nightly check', description: 'When the nightly consistency check runs (cron).' }),
  })
  .strict()
  .refine((s) => s.vectorStore !== 'qdrant' || s.qdrantUrl, {
    message: 'vectorStore "qdrant" needs qdrantUrl',
    path: ['qdrantUrl'],
  });

export type KnowledgeSettings = z.infer<typeof knowledgeSettings>;
