// A ModelClient on the embedded backend with a freshly written tiny GGUF, for tests that need a real local model.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../core/config/load-config.ts';
import { Metrics } from '../../core/metrics/metrics.ts';
import type { BackendDeps } from '../../core/model/create-backend.ts';
import { ModelClient } from '../../core/model/model-client.ts';
import { tempDir } from './boot-app.ts';
import { writeTinyGguf } from './tiny-gguf.ts';

/** A temp models dir holding `tiny.gguf` (chat and embedding model alike). */
export function tinyModelDir(): { dir: string; remove(): void } {
  const dir = tempDir('quorra-tiny-model-');
  writeTinyGguf(path.join(dir, 'tiny.gguf'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The `model` config that runs the tiny model in-process, with small test settings. */
export function tinyModelConfig(
  dir: string,
  embedded: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    backend: 'auto',
    embedded: {
      modelsDir: dir,
      chatModel: 'tiny.gguf',
      embeddingModel: 'tiny.gguf',
      contextSize: 2048,
      threads: 1,
      maxTokens: 8,
      ...embedded,
    },
  };
}

/** A ModelClient on the tiny model; close() it when done. */
export function tinyModelClient(
  dir: string,
  embedded: Record<string, unknown> = {},
  deps: BackendDeps = {},
): ModelClient {
  const config = loadConfig({ env: {}, overrides: { model: tinyModelConfig(dir, embedded) } });
  return new ModelClient(config.model, new Metrics(false), deps);
}
