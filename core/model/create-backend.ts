// Picks what answers model calls from the config: the endpoint, or the model in the box.
import { isAbsolute, join, resolve } from 'node:path';
import { PULL_COMMAND } from '../config/model-manifest.ts';
import { embeddedModelSchema, type QuorraConfig } from '../config/schema.ts';
import { EmbeddedBackend } from './embedded/embedded-backend.ts';
import { LlamaRuntime } from './embedded/llama-runtime.ts';
import type { ModelBackend } from './model-backend.ts';
import { OpenAiBackend } from './openai-backend.ts';

/** Where an OpenAI-compatible server usually listens when `backend: openai` names none (Ollama's port). */
const DEFAULT_ENDPOINT = 'http://127.0.0.1:11434/v1';

/** The model config; `backend` and `embedded` take their defaults when a caller (a test, a bench) leaves them out. */
export type ModelConfig = Omit<
  QuorraConfig['model'],
  'backend' | 'embedded' | 'toolsPerTurn' | 'toolSchemaChars'
> &
  Partial<Pick<QuorraConfig['model'], 'backend' | 'embedded'>>;

export interface BackendDeps {
  /** <dataDir>; models live in <dataDir>/models unless model.embedded.modelsDir says otherwise. */
  dataDir?: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
}

/** The models directory the config points at. */
export function modelsDir(config: ModelConfig, dataDir = './data'): string {
  return resolve(config.embedded?.modelsDir ?? join(dataDir, 'models'));
}

/** The hint every "no model" message ends with. */
export function missingModelHint(): string {
  return `run \`${PULL_COMMAND}\` once to download the default models, or set OPENAI_BASE_URL to a model server`;
}

/** auto: the endpoint when baseUrl is set; otherwise the embedded model (which says how to get one when absent). */
export function createBackend(config: ModelConfig, deps: BackendDeps = {}): ModelBackend {
  const backend = config.backend ?? 'auto';
  const useEndpoint = backend === 'openai' || (backend === 'auto' && !!config.baseUrl);
  if (useEndpoint)
    return new OpenAiBackend({
      baseUrl: config.baseUrl ?? DEFAULT_ENDPOINT,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      chatModel: config.chatModel,
      embeddingModel: config.embeddingModel,
      embeddingBaseUrl: config.embeddingBaseUrl,
    });
  const dir = modelsDir(config, deps.dataDir);
  const file = (f: string) => (isAbsolute(f) ? f : join(dir, f));
  const e = config.embedded ?? embeddedModelSchema.parse({});
  const runtime = new LlamaRuntime({
    chatPath: file(e.chatModel),
    embeddingPath: file(e.embeddingModel),
    contextSize: e.contextSize,
    threads: e.threads,
    gpuLayers: e.gpuLayers,
    parallel: e.parallel,
    missingHint: missingModelHint(),
    log: (level, message) => deps.log?.(level, `llama.cpp: ${message}`),
  });
  return new EmbeddedBackend(runtime, {
    maxTokens: e.maxTokens,
    queueLimit: e.queueLimit,
    onTrim: (t) =>
      deps.log?.('info', 'trimmed the oldest history to fit the context window', {
        ...t,
        contextSize: e.contextSize,
      }),
  });
}
