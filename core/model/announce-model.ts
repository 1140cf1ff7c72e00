// Says at start-up which model will answer, and when none can, the one command that fixes it.

import { PULL_COMMAND } from '../config/model-manifest.ts';
import type { Logger } from '../logger.ts';
import type { EmbeddedBackend } from './embedded/embedded-backend.ts';
import type { ModelClient } from './model-client.ts';

/** Logs the backend; with the embedded one, starts loading the model so the first turn does not wait for it. */
export function announceModel(model: ModelClient, logger: Logger): void {
  const b = model.backend;
  if (b.kind === 'openai') {
    logger.info({ endpoint: b.location, chatModel: b.chatModel }, `model: the endpoint at ${b.location}`);
    return;
  }
  const runtime = (b as EmbeddedBackend).runtime;
  const files = runtime.files();
  if (!files.chat) {
    // never downloads by itself: a multi-gigabyte download is the owner's decision
    logger.warn(
      { modelFile: b.location, fix: PULL_COMMAND },
      `model: no model is installed, so Quorra cannot answer yet. Run \`${PULL_COMMAND}\` once (about 2.3 GB), or set OPENAI_BASE_URL to a model server`,
    );
    return;
  }
  logger.info(
    { modelFile: b.location, embeddingModel: b.embeddingModel ?? null },
    `model: ${b.chatModel} in-process (node-llama-cpp)`,
  );
  if (!files.embedding)
    logger.info(`model: no embedding model file; semantic search stays lexical until \`${PULL_COMMAND}\``);
  void runtime
    .chat()
    .catch((err) => logger.error({ err: (err as Error).message }, 'model: the embedded model did not load'));
}
