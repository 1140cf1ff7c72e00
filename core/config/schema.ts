// The one zod schema for Quorra's configuration: defaults live here and nowhere else.

import { z } from 'zod';
import { isPostgresUrl } from '../text/database-url.ts';
import { DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL } from './model-manifest.ts';
import { newUserSchema } from './new-user-schema.ts';

/** The in-process model (node-llama-cpp): which GGUF files and how to run them. */
export const embeddedModelSchema = z
  .object({
    /** A file in modelsDir (or an absolute path); `quorra model pull` puts the default there. */
    chatModel: z.string().min(1).default(DEFAULT_CHAT_MODEL.file),
    embeddingModel: z.string().min(1).default(DEFAULT_EMBEDDING_MODEL.file),
    /** Defaults to <dataDir>/models. */
    modelsDir: z.string().min(1).optional(),
    /** Tokens per conversation; capped at what the model was trained for. */
    contextSize: z.coerce.number().int().min(256).default(8192),
    /** CPU threads; 0 lets llama.cpp pick (one per core). */
    threads: z.coerce.number().int().min(0).max(256).default(0),
    /** Layers offloaded to a GPU: 0 = CPU only, 'auto' = as many as fit. */
    gpuLayers: z.union([z.literal('auto'), z.coerce.number().int().min(0)]).default(0),
    /** Turns generated at once (context sequences); each needs its own share of memory. */
    parallel: z.coerce.number().int().min(1).max(16).default(1),
    /** Turns that may wait for the model; beyond that a caller gets 503 with Retry-After. */
    queueLimit: z.coerce.number().int().min(0).max(1000).default(16),
    /** Longest answer when the caller does not say. */
    maxTokens: z.coerce.number().int().positive().default(1024),
  })
  .strict()
  .prefault({});

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** A switch the environment may set as text: "true"/"1"/"yes"/"on" or "false"/"0"/"no"/"off". */
const envBoolean = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(t)) return true;
  if (['false', '0', 'no', 'off', ''].includes(t)) return false;
  return v;
}, z.boolean());

/** A list the environment may set as a comma-separated string. */
const commaList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().trim().min(1).max(64)),
);

/** A plugin's entry in config: whether it starts enabled and its raw settings (validated by the plugin). */
export const pluginEntrySchema = z
  .object({
    enabled: z.boolean().default(true),
    settings: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

export const configSchema = z
  .object({
    server: z
      .object({
        host: z.string().min(1).default('127.0.0.1'),
        port: z.coerce.number().int().min(0).max(65535).default(8080),
        bodyLimitBytes: z.coerce.number().int().positive().default(1_000_000),
        /** On SIGTERM/SIGINT: how long turns and requests in flight may finish before they are cut short. */
        shutdownGraceMs: z.coerce.number().int().positive().default(10_000),
        /** A client must have sent all its request headers within this long, or the connection is cut. */
        headersTimeoutMs: z.coerce.number().int().min(100).default(10_000),
        /** …and its whole request (headers and body) within this long: a trickling client is cut. */
        requestTimeoutMs: z.coerce.number().int().min(100).default(15_000),
        serviceSecret: z.string().min(16).optional(),
        /** Who may scrape /metrics: a bearer token, and/or a listener of its own (no household token does). */
        metrics: z
          .object({
            token: z.string().min(16).optional(),
            host: z.string().min(1).default('127.0.0.1'),
            port: z.coerce.number().int().min(0).max(65535).optional(),
          })
          .strict()
          .prefault({}),
        /** The address people open the admin UI at (sign-in links point here); defaults to the listening address. */
        publicUrl: z.url().optional(),
        /** A browser session ends after this long without a request. */
        sessionIdleMinutes: z.coerce.number().int().min(1).default(720),
      })
      .strict()
      .prefault({}),
    dataDir: z.string().min(1).default('./data'),
    /** Root of the Markdown vault; defaults to <dataDir>/vault. */
    vaultDir: z.string().min(1).optional(),
    database: z
      .object({
        path: z.string().min(1).optional(),
        /** `postgres://user:password@host:5432/db`: run on PostgreSQL instead of the SQLite file. */
        url: z
          .string()
          .refine(isPostgresUrl, 'a postgres:// or postgresql:// URL with a host and a database name')
          .optional(),
        busyTimeoutMs: z.coerce.number().int().positive().default(5000),
      })
      .strict()
      .prefault({}),
    model: z
      .object({
        /** auto: the endpoint when baseUrl is set, else the embedded model when its file is there. */
        backend: z.enum(['auto', 'embedded', 'openai']).default('auto'),
        /** An OpenAI-compatible endpoint; unset means the model runs in-process (see `embedded`). */
        baseUrl: z.url().optional(),
        apiKey: z.string().default('not-needed'),
        chatModel: z.string().min(1).default('qwen3:14b'),
        embeddingModel: z.string().min(1).optional(),
        /** A separate OpenAI-compatible server for embeddings (e.g. a second llama.cpp); defaults to baseUrl. */
        embeddingBaseUrl: z.url().optional(),
        timeoutMs: z.coerce.number().int().positive().default(120_000),
        maxRetries: z.coerce.number().int().min(0).max(10).default(2),
        /** Tools offered per turn at most, chosen by relevance (`more_tools` reaches the others). */
        toolsPerTurn: z.coerce.number().int().min(2).max(64).default(8),
        /**
         * When more tools are allowed than toolsPerTurn, the picked ones' schemas also stop at this many characters
         * of JSON (≈ 3.4 a token on the default model's tokenizer): on a CPU each one is read on every turn.
         */
        toolSchemaChars: z.coerce.number().int().min(500).max(100_000).default(2200),
        embedded: embeddedModelSchema,
      })
      .strict()
      .prefault({}),
    matrix: z
      .object({
        homeserverUrl: z.url().optional(),
        accessToken: z.string().min(1).optional(),
        /** The bot's Matrix ID; with password, Quorra logs in once and stores the token. */
        userId: z
          .string()
          .regex(/^@[^:\s]+:\S+$/, 'a Matrix ID like @quorra:example.org')
          .optional(),
        password: z.string().min(1).optional(),
        /**
         * Synapse's registration_shared_secret: with it, adding a person creates their Matrix account (the bundled
         * Synapse); without it the owner gives the person's existing Matrix ID.
         */
        registrationSharedSecret: z.string().min(1).optional(),
        /** The homeserver as phones and browsers reach it, when that differs from homeserverUrl (compose). */
        publicUrl: z.url().optional(),
        /** Where people open Element (the sign-in link and QR code for a new account point here). */
        elementUrl: z.url().optional(),
        deviceName: z.string().min(1).max(100).default('Quorra'),
        /** Set as the bot's display name on start; also what mentions match. */
        displayName: z.string().min(1).max(100).optional(),
        /** Messages sent at most this long before start-up are still answered; older ones never. */
        catchUpWindowMinutes: z.coerce.number().min(0).max(10_080).default(30),
        /** How long normal/low notifications may wait to be sent together (high ones go at once). */
        outboxBatchSeconds: z.coerce.number().min(0).max(86_400).default(60),
        /** Retries of a failed send (429s are waited out separately). */
        sendRetries: z.coerce.number().int().min(0).max(10).default(4),
        /** First retry delay for sends and the outbox; doubles per attempt. */
        retryBaseMs: z.coerce.number().int().min(1).max(600_000).default(500),
        /** End-to-end encryption (WASM crypto; keys live under dataDir/matrix/crypto). */
        e2ee: envBoolean.default(true),
        /** How long an encrypted message waits for its room key before the sender is told it could not be read. */
        keyWaitSeconds: z.coerce.number().min(0).max(3600).default(60),
        /** How often the typing notice is renewed while a turn runs or waits for the model (it lapses after 30 s). */
        typingRenewMs: z.coerce.number().int().min(50).max(25_000).default(20_000),
        /** The typing notice starts only once a turn has taken this long: a quick answer comes without one. */
        typingDelayMs: z.coerce.number().int().min(0).max(10_000).default(300),
        /** A slow answer streams into the room by editing the bot's message (at most once a second); off sends it whole. */
        streamEdits: envBoolean.default(true),
        /** Room → workspace/scope mappings seeded into the rooms table (first sight only). */
        rooms: z
          .array(
            z
              .object({
                roomId: z.string().regex(/^![^:\s]+:\S+$/, 'a Matrix room ID like !abc:example.org'),
                workspace: z.string().min(1).max(64).optional(),
                scope: z
                  .array(z.string().regex(/^[a-z][a-z0-9_-]*$/))
                  .min(1)
                  .max(10)
                  .optional(),
              })
              .strict(),
          )
          .default([]),
      })
      .strict()
      .prefault({}),
    log: z
      .object({ level: logLevel.default('info') })
      .strict()
      .prefault({}),
    developerMode: z.coerce.boolean().default(false),
    engine: z
      .object({
        historyMessages: z.coerce.number().int().min(0).max(100).default(8),
        maxToolRounds: z.coerce.number().int().min(1).max(20).default(4),
        maxMessageChars: z.coerce.number().int().min(100).max(100_000).default(8000),
        confirmationTtlMinutes: z.coerce.number().int().positive().default(30),
        inspectorRecords: z.coerce.number().int().min(1).max(1000).default(50),
        inspectorRecordBytes: z.coerce.number().int().min(1000).default(64_000),
      })
      .strict()
      .prefault({}),
    memory: z
      .object({
        retentionDays: z.coerce.number().int().min(1).max(3650).default(30),
        nightlyCron: z.string().default('40 3 * * *'),
        coreMemoriesLimit: z.coerce.number().int().min(0).max(500).default(50),
        /** Sessions in these scopes keep only the person's words in the notes log, never Quorra's reply (money figures). */
        wordsOnlyScopes: z.array(z.string().min(1)).max(50).default(['finance']),
      })
      .strict()
      .prefault({}),
    /** Dream, the nightly consolidation of notes into beliefs; ships dark (see config/quorra.example.yaml). */
    dream: z
      .object({
        allowLlmText: envBoolean.default(false),
        /** Enrolled workspace slugs; `personal` is the personal/household context. */
        workspaces: commaList.default([]),
        semanticDedup: envBoolean.default(false),
        cron: z.string().min(1).default('15 3 * * *'),
        batchSize: z.coerce.number().int().min(1).max(1000).default(50),
        maxAttempts: z.coerce.number().int().min(1).max(10).default(3),
        jaccardThreshold: z.coerce.number().min(0.05).max(1).default(0.6),
        cosineThreshold: z.coerce.number().min(0).max(1).default(0.86),
        candidateLimit: z.coerce.number().int().min(1).max(50).default(10),
        semanticRecent: z.coerce.number().int().min(0).max(200).default(25),
        userCap: z.coerce.number().int().min(1).max(10_000).default(200),
        /** A scheduled pass waits until nobody has talked to Quorra for this long (0: never waits). */
        quietMinutes: z.coerce.number().int().min(0).max(720).default(15),
        extractionTimeoutMs: z.coerce.number().int().min(100).default(60_000),
        /** Estimated tokens of short notes sent in one extraction call (0: one call per note). */
        extractionBatchTokens: z.coerce.number().int().min(0).max(32_000).default(1500),
        /** Notes in one extraction call at most. */
        extractionBatchNotes: z.coerce.number().int().min(1).max(50).default(16),
        promoteAfterReferences: z.coerce.number().int().min(1).default(3),
        promoteAfterSources: z.coerce.number().int().min(2).default(3),
        embeddingExcludedWorkspaces: commaList.default([]),
        embeddingExcludedSourceKinds: z
          .array(z.enum(['chat_turn', 'notepad', 'document', 'plugin']))
          .default([]),
        /** Where each run's Markdown report is written; defaults to <dataDir>/dream-reports. */
        reportDir: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    /** Nightly backups of the database, vault and plugin data (`quorra backup` writes the same archive). */
    backup: z
      .object({
        enabled: envBoolean.default(true),
        /** Where archives go; defaults to <dataDir>/backups (never itself backed up). */
        dir: z.string().min(1).optional(),
        cron: z.string().min(1).default('0 2 * * *'),
        /** How many nightly archives to keep; older ones are deleted after a verified new one. */
        keep: z.coerce.number().int().min(1).max(365).default(7),
      })
      .strict()
      .prefault({}),
    /** Users created or updated at every start (matched by id). */
    // no defaults for the trust fields here: what config leaves out, the People page keeps (UserStore.seed)
    users: z
      .array(newUserSchema.extend({ child: z.boolean().optional(), quietReply: z.boolean().optional() }))
      .default([]),
    plugins: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), pluginEntrySchema).default({}),
    pluginPaths: z.array(z.string().min(1)).default([]),
  })
  .strict();

export type QuorraConfig = z.infer<typeof configSchema>;

/**
 * Environment variables and the config key each one sets; later sources win over the YAML file.
 * Each may instead be given as `<NAME>_FILE`: the path of a file holding the value (Docker secrets, the bot
 * token the compose file's registration service writes).
 */
export const envVariables: Record<string, string> = {
  QUORRA_HOST: 'server.host',
  QUORRA_PORT: 'server.port',
  QUORRA_SERVICE_SECRET: 'server.serviceSecret',
  QUORRA_METRICS_TOKEN: 'server.metrics.token',
  QUORRA_METRICS_HOST: 'server.metrics.host',
  QUORRA_METRICS_PORT: 'server.metrics.port',
  QUORRA_PUBLIC_URL: 'server.publicUrl',
  QUORRA_SESSION_IDLE_MINUTES: 'server.sessionIdleMinutes',
  QUORRA_DATA_DIR: 'dataDir',
  QUORRA_VAULT_DIR: 'vaultDir',
  QUORRA_DB_PATH: 'database.path',
  DATABASE_URL: 'database.url',
  QUORRA_LOG_LEVEL: 'log.level',
  QUORRA_DEVELOPER_MODE: 'developerMode',
  QUORRA_MODEL_BACKEND: 'model.backend',
  QUORRA_MODEL_THREADS: 'model.embedded.threads',
  QUORRA_MODEL_CONTEXT_SIZE: 'model.embedded.contextSize',
  QUORRA_MODEL_GPU_LAYERS: 'model.embedded.gpuLayers',
  OPENAI_BASE_URL: 'model.baseUrl',
  OPENAI_API_KEY: 'model.apiKey',
  QUORRA_CHAT_MODEL: 'model.chatModel',
  QUORRA_EMBEDDING_MODEL: 'model.embeddingModel',
  QUORRA_EMBEDDING_BASE_URL: 'model.embeddingBaseUrl',
  MATRIX_HOMESERVER_URL: 'matrix.homeserverUrl',
  MATRIX_ACCESS_TOKEN: 'matrix.accessToken',
  MATRIX_USER_ID: 'matrix.userId',
  MATRIX_PASSWORD: 'matrix.password',
  MATRIX_REGISTRATION_SHARED_SECRET: 'matrix.registrationSharedSecret',
  MATRIX_PUBLIC_URL: 'matrix.publicUrl',
  QUORRA_ELEMENT_URL: 'matrix.elementUrl',
  QUORRA_BACKUP_DIR: 'backup.dir',
  QUORRA_BACKUP_KEEP: 'backup.keep',
  QUORRA_DREAM_ALLOW_LLM_TEXT: 'dream.allowLlmText',
  QUORRA_DREAM_WORKSPACES: 'dream.workspaces',
  QUORRA_DREAM_SEMANTIC_DEDUP: 'dream.semanticDedup',
};
