// The one way Quorra talks to a model (an OpenAI-compatible endpoint or the embedded one): metrics, error kinds.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RateLimitError,
} from 'openai/error';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Metrics, Observe } from '../metrics/metrics.ts';
import { type BackendDeps, createBackend, type ModelConfig } from './create-backend.ts';
import { ModelMissingError } from './embedded/llama-runtime.ts';
import { ModelBusyError } from './embedded/turn-queue.ts';
import type { ChatRequest, ModelBackend, ProbeResult } from './model-backend.ts';

export type { ChatRequest, ProbeResult } from './model-backend.ts';
export type { ChatCompletion, ChatCompletionChunk };

/** Sorts a failure into a small set of kinds for metrics and user-facing messages. */
export function classifyModelError(err: unknown): string {
  if (err instanceof APIUserAbortError || (err as Error)?.name === 'AbortError') return 'aborted';
  if (err instanceof ModelBusyError) return 'busy';
  if (err instanceof ModelMissingError) return 'missing';
  if ((err as { streamDropped?: boolean })?.streamDropped) return 'stream_dropped';
  if (err instanceof APIConnectionTimeoutError) return 'timeout';
  if (err instanceof APIConnectionError) return 'unreachable';
  if (err instanceof RateLimitError) return 'rate_limited';
  if (err instanceof APIError) return (err.status ?? 0) >= 500 ? 'server_error' : 'client_error';
  if (err instanceof SyntaxError) return 'malformed';
  return 'other';
}

/** Chat, streamed chat, embeddings and a reachability probe over whichever backend the config picks. */
export class ModelClient {
  private current: ModelBackend;
  private readonly duration: Observe<'kind' | 'outcome'>;
  private readonly tokens;
  private readonly errors;

  constructor(config: ModelConfig, metrics: Metrics, deps: BackendDeps & { backend?: ModelBackend } = {}) {
    this.current = deps.backend ?? createBackend(config, deps);
    // batched: every turn observes it (see Metrics.batchedHistogram)
    this.duration = metrics.batchedHistogram('quorra_model_call_duration_seconds', 'Model call duration', [
      'kind',
      'outcome',
    ]);
    this.tokens = metrics.counter('quorra_model_tokens_total', 'Tokens reported by the model endpoint', [
      'type',
    ]);
    this.errors = metrics.counter('quorra_model_errors_total', 'Model call failures by kind', [
      'call',
      'kind',
    ]);
  }

  /** The backend calls go to now (switched by reconfigure). */
  get backend(): ModelBackend {
    return this.current;
  }

  /**
   * Points every later call at a new model configuration (the owner set one up in the browser); the old backend
   * is closed once calls under way have their answer, so nobody restarts Quorra for it.
   */
  async reconfigure(config: ModelConfig, deps: BackendDeps = {}): Promise<void> {
    const old = this.current;
    this.current = createBackend(config, deps);
    await old.close().catch(() => undefined);
  }

  get chatModel(): string {
    return this.backend.chatModel;
  }

  /** Whether answers are generated under a grammar when a response_format schema is given (the embedded model). */
  get constrainsOutput(): boolean {
    return this.backend.kind === 'embedded';
  }

  /** Set when embeddings can be had (an endpoint model is configured, or the embedded file is there). */
  get embeddingModel(): string | undefined {
    return this.backend.embeddingModel;
  }

  private fail(call: string, err: unknown): never {
    this.errors.inc({ call, kind: classifyModelError(err) });
    throw err;
  }

  /** Starts timing a call; the returned function records it with its outcome. */
  private timer(kind: string): (labels: { outcome: string }) => void {
    const started = performance.now();
    return ({ outcome }) => this.duration({ kind, outcome }, (performance.now() - started) / 1000);
  }

  private countUsage(
    usage?: {
      prompt_tokens?: number;
      completion_tokens?: number;
      prompt_tokens_details?: { cached_tokens?: number } | null;
    } | null,
  ): void {
    if (!usage) return;
    // prompt tokens the backend reused from its cache rather than evaluating (prefill a turn did not pay for)
    const cached = usage.prompt_tokens_details?.cached_tokens;
    if (cached) this.tokens.inc({ type: 'cached' }, cached);
    if (usage.prompt_tokens) this.tokens.inc({ type: 'prompt' }, usage.prompt_tokens);
    if (usage.completion_tokens) this.tokens.inc({ type: 'completion' }, usage.completion_tokens);
  }

  /** One chat completion (no streaming). */
  async chat(
    req: ChatRequest,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<ChatCompletion> {
    const end = this.timer('chat');
    try {
      const res = await this.backend.chat({ ...req, model: req.model ?? this.chatModel }, opts);
      if (!Array.isArray(res?.choices)) throw new SyntaxError('model answered without choices');
      end({ outcome: 'ok' });
      this.countUsage(res.usage);
      return res;
    } catch (err) {
      end({ outcome: 'error' });
      return this.fail('chat', err);
    }
  }

  /** A streamed chat completion; chunks are yielded as they arrive, abort via the signal. */
  async *chatStream(
    req: ChatRequest,
    opts: { signal?: AbortSignal } = {},
  ): AsyncGenerator<ChatCompletionChunk> {
    const end = this.timer('chat_stream');
    let outcome = 'error';
    try {
      for await (const chunk of this.backend.chatStream(
        { ...req, model: req.model ?? this.chatModel },
        opts,
      )) {
        this.countUsage(chunk.usage);
        yield chunk;
      }
      outcome = 'ok';
    } catch (err) {
      this.fail('chat_stream', err);
    } finally {
      end({ outcome });
    }
  }

  /** Embeds texts with the configured embedding model; throws if none is configured. */
  async embed(texts: string[], opts: { signal?: AbortSignal } = {}): Promise<number[][]> {
    const model = this.embeddingModel;
    if (!model) throw new Error('no embedding model is configured');
    const end = this.timer('embed');
    try {
      const out = await this.backend.embed(model, texts, opts);
      end({ outcome: 'ok' });
      return out;
    } catch (err) {
      end({ outcome: 'error' });
      return this.fail('embed', err);
    }
  }

  /** Asks the backend whether it can answer, with a short timeout; never throws. */
  async probe(timeoutMs = 2000): Promise<ProbeResult> {
    try {
      return await this.backend.probe(timeoutMs);
    } catch (err) {
      return { ok: false, reason: `${classifyModelError(err)}: ${(err as Error).message}` };
    }
  }

  /** Frees the embedded model's memory (nothing to do for an endpoint). */
  close(): Promise<void> {
    return this.backend.close();
  }
}
