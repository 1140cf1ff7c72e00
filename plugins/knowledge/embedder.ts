// Turns text into vectors: the model endpoint's /v1/embeddings (batched, retried) or the offline lexical one.
import { classifyModelError, type ModelClient } from 'quorra/plugin';
import { LexicalEmbedder, normalise } from './lexical-embedder.ts';

/** Anything that embeds text; vectors come back L2-normalised, one per input, in order. */
export interface Embedder {
  /** Identifies the vector space: `lexical-hash-v1` or `openai:<model>`; vectors of different ids never mix. */
  readonly id: string;
  readonly kind: 'lexical' | 'model';
  /** Vector length; for a model endpoint 0 until the first answer tells. */
  readonly dimensions: number;
  embed(texts: string[], opts?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}

/** Batching and retry knobs for the model-backed embedder. */
export interface ModelEmbedderOptions {
  batchSize?: number;
  retries?: number;
  /** First backoff; doubles per retry (with jitter). */
  backoffMs?: number;
}

// Failures worth another try; a 4xx or a malformed answer will not get better by asking again.
const retryable = new Set(['timeout', 'unreachable', 'rate_limited', 'server_error']);

/** Embeds through the model client in batches, retrying transient failures with exponential backoff. */
export class ModelEmbedder implements Embedder {
  readonly id: string;
  readonly kind = 'model' as const;
  private dims = 0;
  private readonly batchSize: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(
    private readonly model: ModelClient,
    opts: ModelEmbedderOptions = {},
  ) {
    if (!model.embeddingModel) throw new Error('the model client has no embedding model configured');
    // the id keys stored vectors: a different model (or backend) means re-embedding, never mixing
    this.id = `${model.backend.kind === 'embedded' ? 'local' : 'openai'}:${model.embeddingModel}`;
    this.batchSize = Math.max(1, opts.batchSize ?? 64);
    // On top of the SDK's own retries (model.maxRetries) inside each attempt: these ride out an endpoint
    // that is down for a few seconds (a restart) during a long indexing pass.
    this.retries = Math.max(0, opts.retries ?? 2);
    this.backoffMs = Math.max(0, opts.backoffMs ?? 1000);
  }

  get dimensions(): number {
    return this.dims;
  }

  /** Embeds every text, `batchSize` per request; throws once a batch has exhausted its retries. */
  async embed(texts: string[], opts: { signal?: AbortSignal } = {}): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const batch = texts.slice(i, i + this.batchSize);
      const vectors = await this.withRetries(
        () => this.model.embed(batch, { signal: opts.signal }),
        opts.signal,
      );
      if (vectors.length !== batch.length) {
        throw new Error(`embedding endpoint returned ${vectors.length} vectors for ${batch.length} texts`);
      }
      for (const raw of vectors) out.push(this.check(raw));
    }
    return out;
  }

  private check(raw: number[]): Float32Array {
    if (!Array.isArray(raw) || raw.length === 0)
      throw new Error('embedding endpoint returned an empty vector');
    if (this.dims && raw.length !== this.dims) {
      throw new Error(`embedding endpoint changed dimensions from ${this.dims} to ${raw.length}`);
    }
    this.dims = raw.length;
    return normalise(Float32Array.from(raw));
  }

  private async withRetries<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (attempt >= this.retries || signal?.aborted || !retryable.has(classifyModelError(err))) throw err;
        const delay = this.backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** The model embedder when an embedding model is configured, otherwise the offline lexical one. */
export function selectEmbedder(model: ModelClient, opts: ModelEmbedderOptions = {}): Embedder {
  return model.embeddingModel ? new ModelEmbedder(model, opts) : new LexicalEmbedder();
}
