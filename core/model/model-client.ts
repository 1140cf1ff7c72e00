// The one way Quorra talks to a model: any OpenAI-compatible endpoint, with timeouts, retries and metrics.
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { QuorraConfig } from '../config/schema.ts';
import type { Metrics } from '../metrics/metrics.ts';

export type ChatRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'model' | 'stream'> & {
  model?: string;
};
export type { ChatCompletion, ChatCompletionChunk };

/** Whether the endpoint answered, as /health and `quorra doctor` report it. */
export interface ProbeResult {
  ok: boolean;
  reason?: string;
  models?: string[];
}

/** Sorts a failure into a small set of kinds for metrics and user-facing messages. */
export function classifyModelError(err: unknown): string {
  if (err instanceof OpenAI.APIUserAbortError || (err as Error)?.name === 'AbortError') return 'aborted';
  if ((err as { streamDropped?: boolean })?.streamDropped) return 'stream_dropped';
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (err instanceof OpenAI.APIConnectionError) return 'unreachable';
  if (err instanceof OpenAI.RateLimitError) return 'rate_limited';
  if (err instanceof OpenAI.APIError) return (err.status ?? 0) >= 500 ? 'server_error' : 'client_error';
  if (err instanceof SyntaxError) return 'malformed';
  return 'other';
}

/** Wraps the openai SDK for chat, streamed chat, embeddings and a reachability probe. */
export class ModelClient {
  readonly sdk: OpenAI;
  readonly chatModel: string;
  readonly embeddingModel?: string;
  /** The client embeddings go to: the chat endpoint's unless `embeddingBaseUrl` names another server. */
  private readonly embedSdk: OpenAI;
  private readonly duration;
  private readonly tokens;
  private readonly errors;

  constructor(config: QuorraConfig['model'], metrics: Metrics) {
    this.sdk = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
    this.chatModel = config.chatModel;
    this.embeddingModel = config.embeddingModel;
    this.embedSdk = config.embeddingBaseUrl
      ? new OpenAI({
          baseURL: config.embeddingBaseUrl,
          apiKey: config.apiKey,
          timeout: config.timeoutMs,
          maxRetries: config.maxRetries,
        })
      : this.sdk;
    this.duration = metrics.histogram('quorra_model_call_duration_seconds', 'Model call duration', [
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

  private fail(call: string, err: unknown): never {
    this.errors.inc({ call, kind: classifyModelError(err) });
    throw err;
  }

  private countUsage(usage?: { prompt_tokens?: number; completion_tokens?: number } | null): void {
    if (!usage) return;
    if (usage.prompt_tokens) this.tokens.inc({ type: 'prompt' }, usage.prompt_tokens);
    if (usage.completion_tokens) this.tokens.inc({ type: 'completion' }, usage.completion_tokens);
  }

  /** One chat completion (no streaming). */
  async chat(
    req: ChatRequest,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<ChatCompletion> {
    const end = this.duration.startTimer({ kind: 'chat' });
    try {
      const res = await this.sdk.chat.completions.create(
        { ...req, model: req.model ?? this.chatModel, stream: false },
        { signal: opts.signal, ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}) },
      );
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
    const end = this.duration.startTimer({ kind: 'chat_stream' });
    let outcome = 'error';
    try {
      const params: ChatCompletionCreateParamsStreaming = {
        ...req,
        model: req.model ?? this.chatModel,
        stream: true,
        stream_options: { include_usage: true },
      };
      const stream = await this.sdk.chat.completions.create(params, { signal: opts.signal });
      try {
        for await (const chunk of stream) {
          this.countUsage(chunk.usage);
          yield chunk;
        }
      } catch (err) {
        // the endpoint answered 200 and then broke off: the model's failure, not an unreachable endpoint
        if (!opts.signal?.aborted)
          throw Object.assign(new Error(`the model stream broke off: ${(err as Error).message}`), {
            streamDropped: true,
          });
        throw err;
      }
      // the SDK ends an aborted stream quietly; the caller must know it was cut short
      if (opts.signal?.aborted) throw new OpenAI.APIUserAbortError();
      outcome = 'ok';
    } catch (err) {
      this.fail('chat_stream', err);
    } finally {
      end({ outcome });
    }
  }

  /** Embeds texts with the configured embedding model; throws if none is configured. */
  async embed(texts: string[], opts: { signal?: AbortSignal } = {}): Promise<number[][]> {
    if (!this.embeddingModel) throw new Error('no embedding model is configured');
    const end = this.duration.startTimer({ kind: 'embed' });
    try {
      const res = await this.embedSdk.embeddings.create(
        { model: this.embeddingModel, input: texts },
        { signal: opts.signal },
      );
      end({ outcome: 'ok' });
      return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding as number[]);
    } catch (err) {
      end({ outcome: 'error' });
      return this.fail('embed', err);
    }
  }

  /** Asks the endpoint for its models with a short timeout; never throws. */
  async probe(timeoutMs = 2000): Promise<ProbeResult> {
    try {
      const page = await this.sdk.models.list({ timeout: timeoutMs, maxRetries: 0 });
      return { ok: true, models: page.data.map((m) => m.id) };
    } catch (err) {
      return { ok: false, reason: `${classifyModelError(err)}: ${(err as Error).message}` };
    }
  }
}
