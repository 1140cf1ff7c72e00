// The OpenAI-compatible endpoint (llama.cpp server, Ollama, OpenAI) as a ModelBackend, through the openai SDK.
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CallOptions, ChatRequest, ModelBackend, ProbeResult } from './model-backend.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  chatModel: string;
  embeddingModel?: string;
  /** A second server for embeddings; the chat endpoint's when unset. */
  embeddingBaseUrl?: string;
}

/** Sends each call to the endpoint; errors are the SDK's, classified by ModelClient. */
export class OpenAiBackend implements ModelBackend {
  readonly kind = 'openai';
  readonly sdk: OpenAI;
  readonly location: string;
  readonly chatModel: string;
  readonly embeddingModel?: string;
  private readonly embedSdk: OpenAI;

  constructor(o: OpenAiOptions) {
    const sdk = (baseURL: string) =>
      new OpenAI({ baseURL, apiKey: o.apiKey, timeout: o.timeoutMs, maxRetries: o.maxRetries });
    this.sdk = sdk(o.baseUrl);
    this.embedSdk = o.embeddingBaseUrl ? sdk(o.embeddingBaseUrl) : this.sdk;
    this.location = o.baseUrl;
    this.chatModel = o.chatModel;
    this.embeddingModel = o.embeddingModel;
  }

  chat(req: ChatRequest & { model: string }, opts: CallOptions): Promise<ChatCompletion> {
    return this.sdk.chat.completions.create(
      { ...req, stream: false },
      { signal: opts.signal, ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}) },
    );
  }

  async *chatStream(
    req: ChatRequest & { model: string },
    opts: CallOptions,
  ): AsyncIterable<ChatCompletionChunk> {
    const stream = await this.sdk.chat.completions.create(
      { ...req, stream: true, stream_options: { include_usage: true } },
      { signal: opts.signal },
    );
    try {
      yield* stream;
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
  }

  async embed(model: string, texts: string[], opts: CallOptions): Promise<number[][]> {
    // float asked for by name: unasked, openai 6 requests base64 and misreads a server that answers floats anyway
    const res = await this.embedSdk.embeddings.create(
      { model, input: texts, encoding_format: 'float' },
      { signal: opts.signal },
    );
    return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding as number[]);
  }

  async probe(timeoutMs: number): Promise<ProbeResult> {
    const page = await this.sdk.models.list({ timeout: timeoutMs, maxRetries: 0 });
    return { ok: true, models: page.data.map((m) => m.id) };
  }

  async close(): Promise<void> {}
}
