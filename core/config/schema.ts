// The one zod schema for Quorra's configuration: defaults live here and nowhere else.
import { z } from 'zod';

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

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
        shutdownTimeoutMs: z.coerce.number().int().positive().default(10_000),
        serviceSecret: z.string().min(16).optional(),
      })
      .strict()
      .prefault({}),
    dataDir: z.string().min(1).default('./data'),
    /** Root of the Markdown vault; defaults to <dataDir>/vault. */
    vaultDir: z.string().min(1).optional(),
    database: z
      .object({
        path: z.string().min(1).optional(),
        busyTimeoutMs: z.coerce.number().int().positive().default(5000),
      })
      .strict()
      .prefault({}),
    model: z
      .object({
        baseUrl: z.url().default('http://127.0.0.1:11434/v1'),
        apiKey: z.string().default('not-needed'),
        chatModel: z.string().min(1).default('qwen3:14b'),
        embeddingModel: z.string().min(1).optional(),
        timeoutMs: z.coerce.number().int().positive().default(120_000),
        maxRetries: z.coerce.number().int().min(0).max(10).default(2),
      })
      .strict()
      .prefault({}),
    matrix: z
      .object({
        homeserverUrl: z.url().optional(),
        accessToken: z.string().min(1).optional(),
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
      })
      .strict()
      .prefault({}),
    /** Users created or updated at every start (matched by id). */
    users: z.array(z.record(z.string(), z.unknown())).default([]),
    plugins: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), pluginEntrySchema).default({}),
    pluginPaths: z.array(z.string().min(1)).default([]),
  })
  .strict();

export type QuorraConfig = z.infer<typeof configSchema>;

/** Environment variables and the config key each one sets; later sources win over the YAML file. */
export const envVariables: Record<string, string> = {
  QUORRA_HOST: 'server.host',
  QUORRA_PORT: 'server.port',
  QUORRA_SERVICE_SECRET: 'server.serviceSecret',
  QUORRA_DATA_DIR: 'dataDir',
  QUORRA_VAULT_DIR: 'vaultDir',
  QUORRA_DB_PATH: 'database.path',
  QUORRA_LOG_LEVEL: 'log.level',
  QUORRA_DEVELOPER_MODE: 'developerMode',
  OPENAI_BASE_URL: 'model.baseUrl',
  OPENAI_API_KEY: 'model.apiKey',
  QUORRA_CHAT_MODEL: 'model.chatModel',
  QUORRA_EMBEDDING_MODEL: 'model.embeddingModel',
  MATRIX_HOMESERVER_URL: 'matrix.homeserverUrl',
  MATRIX_ACCESS_TOKEN: 'matrix.accessToken',
};
