// What answers a model call: an OpenAI-compatible endpoint or the model running in-process.
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';

export type ChatRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'model' | 'stream'> & {
  model?: string;
};

/** Whether the backend can answer, as /health and `quorra doctor` report it. */
export interface ProbeResult {
  ok: boolean;
  reason?: string;
  models?: string[];
  /** The embedded model is still loading. */
  loading?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The calls ModelClient makes; ModelClient adds the metrics and error classification around them. */
export interface ModelBackend {
  readonly kind: 'openai' | 'embedded';
  /** Where the model answers: the endpoint URL, or the model file's directory. */
  readonly location: string;
  readonly chatModel: string;
  readonly embeddingModel?: string;
  chat(req: ChatRequest & { model: string }, opts: CallOptions): Promise<ChatCompletion>;
  chatStream(req: ChatRequest & { model: string }, opts: CallOptions): AsyncIterable<ChatCompletionChunk>;
  embed(model: string, texts: string[], opts: CallOptions): Promise<number[][]>;
  probe(timeoutMs: number): Promise<ProbeResult>;
  close(): Promise<void>;
}
