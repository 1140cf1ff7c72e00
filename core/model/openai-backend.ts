// The OpenAI-compatible endpoint (llama.cpp server, Ollama, OpenAI) as a ModelBackend: chat, streamed or not, over
// node:http (openai-wire.ts, the calls every message and Dream make); embeddings through the openai SDK.
import type OpenAI from 'openai';
import { APIUserAbortError } from 'openai/error';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CallOptions, ChatRequest, ModelBackend, ProbeResult } from './model-backend.ts';
import { listModels, openChatStream, postChatCompletion } from './openai-wire.ts';

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
  readonly location: string;
  readonly chatModel: string;
  readonly embeddingModel?: string;
  private clients?: Promise<{ chat: OpenAI; embed: OpenAI }>;

  constructor(private readonly o: OpenAiOptions) {
    this.location = o.baseUrl;
    this.chatModel = o.chatModel;
    this.embeddingModel = o.embeddingModel;
  }

  /**
   * The SDK clients, made on the first call: the SDK is the largest module tree Quorra has, and a server that has
   * answered no message yet (or runs the embedded model) has no use for it.
   */
  private sdk(): Promise<{ chat: OpenAI; embed: OpenAI }> {
    this.clients ??= import('openai').then(({ default: OpenAISdk }) => {
      const o = this.o;
      const client = (baseURL: string) =>
        new OpenAISdk({ baseURL, apiKey: o.apiKey, timeout: o.timeoutMs, maxRetries: o.maxRetries });
      const chat = client(o.baseUrl);
      return { chat, embed: o.embeddingBaseUrl ? client(o.embeddingBaseUrl) : chat };
    });
    return this.clients;
  }

  async chat(req: ChatRequest & { model: string }, opts: CallOptions): Promise<ChatCompletion> {
    const endpoint = opts.timeoutMs ? { ...this.o, timeoutMs: opts.timeoutMs } : this.o;
    return postChatCompletion(endpoint, { ...req, stream: false }, opts.signal);
  }

  async *chatStream(
    req: ChatRequest & { model: string },
    opts: CallOptions,
  ): AsyncIterable<ChatCompletionChunk> {
    const stream = await openChatStream(
      this.o,
      { ...req, stream: true, stream_options: { include_usage: true } },
      opts.signal,
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
    if (opts.signal?.aborted) throw new APIUserAbortError();
  }

  async embed(model: string, texts: string[], opts: CallOptions): Promise<number[][]> {
    // float asked for by name: unasked, openai 6 requests base64 and misreads a server that answers floats anyway
    const res = await (await this.sdk()).embed.embeddings.create(
      { model, input: texts, encoding_format: 'float' },
      // the SDK leaves its abort listener on the signal it is given: a signal of this call's own keeps a caller's
      // long-lived one (the knowledge service's, alive for the whole run) from gaining one listener per search
      { signal: opts.signal ? AbortSignal.any([opts.signal]) : undefined },
    );
    return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding as number[]);
  }

  /** GET /models without the SDK (see listModels). */
  async probe(timeoutMs: number): Promise<ProbeResult> {
    return { ok: true, models: await listModels(this.o, timeoutMs) };
  }

  async close(): Promise<void> {}
}
