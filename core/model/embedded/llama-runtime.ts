// Loads llama.cpp (the prebuilt CPU binary from npm), the chat model and the embedding model once, on first use.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type {
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaEmbeddingContext,
  LlamaModel,
} from 'node-llama-cpp';
import { QuorraError } from '../../contracts/errors.ts';

export interface RuntimeOptions {
  chatPath: string;
  embeddingPath?: string;
  contextSize: number;
  /** 0 lets llama.cpp use every core. */
  threads: number;
  gpuLayers: number | 'auto';
  /** Context sequences: how many turns generate at once. */
  parallel: number;
  /** What to say when a model file is missing. */
  missingHint: string;
  log?: (level: 'warn' | 'error', message: string) => void;
}

/** node-llama-cpp itself, imported on first use: a second or more of loading that a CLI command never needs. */
export type LlamaLib = typeof import('node-llama-cpp');
let libPromise: Promise<LlamaLib> | undefined;
export function llamaLib(): Promise<LlamaLib> {
  libPromise ??= import('node-llama-cpp');
  return libPromise;
}

/** The chat side, ready to generate. */
export interface ChatRuntime {
  lib: LlamaLib;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  wrapper: ChatWrapper;
  sequences: LlamaContextSequence[];
}

/** The model file is not there: the owner has to pull it first. */
export class ModelMissingError extends QuorraError {
  constructor(path: string, hint: string) {
    super('MODEL_MISSING', `no model file at ${path}; ${hint}`, undefined, 'unavailable');
    this.name = 'ModelMissingError';
  }
}

let llamaPromise: Promise<Llama> | undefined;
let llamaGpu: string | undefined;

/** One llama.cpp binding per process (it is a native library); GPU use is decided by the first caller. */
function loadLlama(opts: RuntimeOptions): Promise<Llama> {
  const gpu = opts.gpuLayers === 0 ? false : 'auto';
  if (llamaPromise && llamaGpu === String(gpu)) return llamaPromise;
  llamaGpu = String(gpu);
  // build: 'never' — a missing or broken prebuilt binary is an error here, never a download or a compile
  llamaPromise = llamaLib().then(({ getLlama, LlamaLogLevel }) =>
    getLlama({
      gpu,
      build: 'never',
      usePrebuiltBinaries: true,
      progressLogs: false,
      skipDownload: true,
      logLevel: LlamaLogLevel.warn,
      logger: (level, message) => {
        if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal)
          opts.log?.('error', message.trim());
      },
    }),
  );
  return llamaPromise;
}

/** Lazily loaded models; dispose frees the native memory. */
export class LlamaRuntime {
  private chatPromise?: Promise<ChatRuntime>;
  private chatLoaded = false;
  private chatError?: string;
  private embedPromise?: Promise<LlamaEmbeddingContext>;

  constructor(readonly opts: RuntimeOptions) {}

  get chatName(): string {
    return basename(this.opts.chatPath);
  }

  get embeddingName(): string | undefined {
    return this.opts.embeddingPath ? basename(this.opts.embeddingPath) : undefined;
  }

  /** Whether the files are there (no loading). */
  files(): { chat: boolean; embedding: boolean } {
    return {
      chat: existsSync(this.opts.chatPath),
      embedding: !!this.opts.embeddingPath && existsSync(this.opts.embeddingPath),
    };
  }

  chat(): Promise<ChatRuntime> {
    this.chatPromise ??= this.loadChat().then(
      (rt) => {
        this.chatLoaded = true;
        this.chatError = undefined;
        return rt;
      },
      (err) => {
        this.chatPromise = undefined;
        this.chatError = (err as Error).message;
        throw err;
      },
    );
    return this.chatPromise;
  }

  private async loadChat(): Promise<ChatRuntime> {
    const o = this.opts;
    if (!existsSync(o.chatPath)) throw new ModelMissingError(o.chatPath, o.missingHint);
    const llama = await loadLlama(o);
    const model = await llama.loadModel({ modelPath: o.chatPath, gpuLayers: o.gpuLayers });
    const context = await model.createContext({
      contextSize: Math.min(o.contextSize, model.trainContextSize),
      sequences: o.parallel,
      ...(o.threads > 0 ? { threads: o.threads } : {}),
    });
    const lib = await llamaLib();
    const wrapper = lib.resolveChatWrapper(model);
    if (!wrapper) throw new QuorraError('MODEL_UNSUPPORTED', `no chat template fits ${basename(o.chatPath)}`);
    const sequences = Array.from({ length: o.parallel }, () => context.getSequence());
    return { lib, llama, model, context, wrapper, sequences };
  }

  /** Whether the chat model is loaded, and why it last failed to. */
  chatState(): { loaded: boolean; error?: string } {
    return { loaded: this.chatLoaded, error: this.chatError };
  }

  embedding(): Promise<LlamaEmbeddingContext> {
    this.embedPromise ??= this.loadEmbedding().catch((err) => {
      this.embedPromise = undefined;
      throw err;
    });
    return this.embedPromise;
  }

  private async loadEmbedding(): Promise<LlamaEmbeddingContext> {
    const o = this.opts;
    if (!o.embeddingPath || !existsSync(o.embeddingPath))
      throw new ModelMissingError(o.embeddingPath ?? '(none configured)', o.missingHint);
    const llama = await loadLlama(o);
    const model = await llama.loadModel({ modelPath: o.embeddingPath, gpuLayers: o.gpuLayers });
    return model.createEmbeddingContext({
      contextSize: Math.min(o.contextSize, model.trainContextSize),
      ...(o.threads > 0 ? { threads: o.threads } : {}),
    });
  }

  async dispose(): Promise<void> {
    const chat = await this.chatPromise?.catch(() => undefined);
    const embed = await this.embedPromise?.catch(() => undefined);
    this.chatPromise = this.embedPromise = undefined;
    this.chatLoaded = false;
    await chat?.context.dispose();
    await chat?.model.dispose();
    if (embed) {
      await embed.dispose();
      await embed.model.dispose();
    }
  }
}
