// Keeps a recent answer to "does the model endpoint answer?" so /health never waits on the network.
import type { CheckResult } from '../health/health.ts';
import type { ModelClient } from './model-client.ts';

/** Caches ModelClient.probe results for `ttlMs`, refreshing in the background. */
export class ModelProbe {
  private last?: { at: number; result: CheckResult };
  private inflight?: Promise<CheckResult>;

  constructor(
    private readonly model: ModelClient,
    private readonly baseUrl: string,
    private readonly ttlMs = 30_000,
  ) {}

  private refresh(): Promise<CheckResult> {
    this.inflight ??= this.model
      .probe()
      .then((p) => {
        const result: CheckResult = p.ok
          ? { status: 'ok', endpoint: this.baseUrl, chatModel: this.model.chatModel }
          : { status: 'degraded', reason: `model endpoint ${this.baseUrl} does not answer (${p.reason})` };
        this.last = { at: Date.now(), result };
        return result;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  /** Returns the cached result; waits only when nothing is known yet. */
  async check(): Promise<CheckResult> {
    if (!this.last) return this.refresh();
    if (Date.now() - this.last.at > this.ttlMs) void this.refresh();
    return this.last.result;
  }
}
