// Keeps a recent answer to "can the model answer?" so /health never waits on the network or a model load.

import { PULL_COMMAND } from '../config/model-manifest.ts';
import type { CheckResult } from '../contracts/check-result.ts';
import type { EmbeddedBackend } from './embedded/embedded-backend.ts';
import type { ModelClient } from './model-client.ts';

/** Caches ModelClient.probe results for `ttlMs`, refreshing in the background. */
export class ModelProbe {
  private last?: { at: number; result: CheckResult };
  private inflight?: Promise<CheckResult>;

  constructor(
    private readonly model: ModelClient,
    private readonly ttlMs = 30_000,
  ) {}

  private refresh(): Promise<CheckResult> {
    const b = this.model.backend;
    this.inflight ??= this.model
      .probe()
      .then((p) => {
        const which = {
          backend: b.kind,
          ...(b.kind === 'openai' ? { endpoint: b.location } : { modelFile: b.location }),
          chatModel: b.chatModel,
          embeddingModel: b.embeddingModel ?? null,
        };
        const result: CheckResult = p.ok
          ? { status: 'ok', ...which, ...(p.loading ? { loading: true } : {}) }
          : b.kind === 'openai'
            ? {
                status: 'degraded',
                ...which,
                reason: `model endpoint ${b.location} does not answer (${p.reason})`,
              }
            : { status: 'degraded', ...which, reason: p.reason, fix: PULL_COMMAND };
        this.last = { at: Date.now(), result };
        return result;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  /** Returns the cached result (plus the embedded queue's live numbers); waits only when nothing is known yet. */
  async check(): Promise<CheckResult> {
    const known = this.last;
    if (known && Date.now() - known.at > this.ttlMs) void this.refresh();
    const result = known ? known.result : await this.refresh();
    const b = this.model.backend;
    // a loading model reports again soon, so /health turns ok as soon as it is ready
    if (result.loading && this.last) this.last.at = 0;
    return b.kind === 'embedded' ? { ...result, queue: (b as EmbeddedBackend).queueStats() } : result;
  }
}
