// The model in the box: chat, streamed chat and embeddings from GGUF files through node-llama-cpp, in-process.
import type { ChatHistoryItem, GbnfJsonSchema } from 'node-llama-cpp';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionFunctionTool,
} from 'openai/resources/chat/completions';
import type { CallOptions, ChatRequest, ModelBackend, ProbeResult } from '../model-backend.ts';
import { toChatHistory, toCompletion } from './chat-history.ts';
import { fitHistory, tokenUpperBound } from './fit-context.ts';
import { toGrammarSchema } from './grammar-schema.ts';
import type { ChatRuntime, LlamaRuntime } from './llama-runtime.ts';
import { pushStream } from './push-stream.ts';
import { TurnQueue } from './turn-queue.ts';

export interface EmbeddedOptions {
  maxTokens: number;
  queueLimit: number;
  onTrim?: (info: { droppedItems: number; cutChars: number }) => void;
}

type Call = { name: string; arguments: string };
type Generated = {
  content: string;
  calls: Call[];
  stopReason: string;
  usage: { prompt: number; completion: number; cached: number };
};

function functionTools(req: ChatRequest): ChatCompletionFunctionTool[] {
  return (req.tools ?? []).filter((t): t is ChatCompletionFunctionTool => t.type === 'function');
}

/** The grammar for a call the caller demands (tool_choice required or named): one of the tools, valid arguments. */
function forcedCallSchema(tools: ChatCompletionFunctionTool[]): GbnfJsonSchema {
  const one = tools.map(
    (t) =>
      ({
        type: 'object',
        properties: {
          name: { const: t.function.name },
          arguments: toGrammarSchema(t.function.parameters ?? { type: 'object', properties: {} }),
        },
        required: ['name', 'arguments'],
      }) as GbnfJsonSchema,
  );
  return one.length === 1 ? one[0] : ({ oneOf: one } as GbnfJsonSchema);
}

// affinity scores above any shared length
const CONTINUATION = 2 ** 40;
const EMPTY_SEQUENCE = 2 ** 39;

/** How many leading characters two strings share. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Implements ModelBackend on a LlamaRuntime, one context sequence per turn, turns queued fairly. */
export class EmbeddedBackend implements ModelBackend {
  readonly kind = 'embedded';
  private queue?: TurnQueue<ChatRuntime['sequences'][number]>;
  private embedQueue = Promise.resolve();
  /** Each sequence's last request (its messages as JSON): the next turn of that conversation goes back to it. */
  private readonly lastRequest = new WeakMap<object, string>();

  constructor(
    readonly runtime: LlamaRuntime,
    private readonly opts: EmbeddedOptions,
  ) {}

  get location(): string {
    return this.runtime.opts.chatPath;
  }
  get chatModel(): string {
    return this.runtime.chatName;
  }
  get embeddingModel(): string | undefined {
    return this.runtime.files().embedding ? this.runtime.embeddingName : undefined;
  }

  /** Running and waiting turns (zeros before the model has loaded). */
  queueStats(): { running: number; waiting: number; limit: number } {
    return this.queue?.stats() ?? { running: 0, waiting: 0, limit: this.opts.queueLimit };
  }

  private async turnQueue(): Promise<{
    rt: ChatRuntime;
    queue: TurnQueue<ChatRuntime['sequences'][number]>;
  }> {
    const rt = await this.runtime.chat();
    this.queue ??= new TurnQueue(rt.sequences, this.opts.queueLimit);
    return { rt, queue: this.queue };
  }

  private async generate(
    req: ChatRequest,
    opts: CallOptions,
    onText?: (text: string) => void,
  ): Promise<Generated> {
    const { rt, queue } = await this.turnQueue();
    const key = JSON.stringify(req.messages);
    // the sequence that last held this conversation still has it evaluated: a follow-up there evaluates its new
    // tokens only, where another would evaluate the whole history again. Next best an empty sequence (evicting
    // nobody), then the one sharing the longest start (the shared system prompt and tool schemas at least)
    const affinity = (sequence: object) => {
      const last = this.lastRequest.get(sequence);
      if (last === undefined) return EMPTY_SEQUENCE;
      const shared = commonPrefix(key, last);
      // a JSON array continued: everything but its closing bracket is shared
      return shared >= last.length - 1 ? CONTINUATION + shared : shared;
    };
    return queue.run(
      async (sequence) => {
        this.lastRequest.set(sequence, key);
        const tools = functionTools(req);
        const choice = req.tool_choice;
        const named =
          typeof choice === 'object' && choice && 'function' in choice ? choice.function.name : undefined;
        const offered = named ? tools.filter((t) => t.function.name === named) : tools;
        const forced = offered.length > 0 && (choice === 'required' || !!named);
        const functions =
          !forced && choice !== 'none' && tools.length
            ? Object.fromEntries(
                tools.map((t) => [
                  t.function.name,
                  {
                    description: t.function.description,
                    params: toGrammarSchema(t.function.parameters ?? { type: 'object', properties: {} }),
                  },
                ]),
              )
            : undefined;
        const format = req.response_format;
        const grammar = forced
          ? new rt.lib.LlamaJsonSchemaGrammar(rt.llama, forcedCallSchema(offered) as any)
          : format?.type === 'json_schema' && format.json_schema.schema
            ? new rt.lib.LlamaJsonSchemaGrammar(rt.llama, toGrammarSchema(format.json_schema.schema) as any)
            : format?.type === 'json_object'
              ? await rt.llama.getGrammarFor('json')
              : undefined;

        const size = sequence.contextSize;
        const wanted = req.max_completion_tokens ?? req.max_tokens ?? this.opts.maxTokens;
        const answerRoom = Math.max(1, Math.min(wanted, Math.floor(size / 2)));
        const count = (h: ChatHistoryItem[]) =>
          rt.wrapper
            .generateContextState({
              chatHistory: h,
              availableFunctions: functions as any,
              documentFunctionParams: true,
            })
            .contextText.tokenize(rt.model.tokenizer).length;
        const history = toChatHistory(req.messages);
        const bound = tokenUpperBound(history, functions ? JSON.stringify(functions) : '');
        const fit = fitHistory(history, count, size - answerRoom, bound);
        if (fit.droppedItems || fit.cutChars) this.opts.onTrim?.(fit);
        // JSON under a grammar (a demanded call, a response schema) gets the rest of the window: cut off, it
        // would be no JSON at all; the grammar ends it as soon as the value is complete
        const maxTokens = grammar
          ? Math.max(answerRoom, size - Math.min(bound, count(fit.history)) - 1)
          : answerRoom;

        const chat = new rt.lib.LlamaChat({
          contextSequence: sequence,
          chatWrapper: rt.wrapper,
          autoDisposeSequence: false,
        });
        const before = sequence.tokenMeter.getState();
        try {
          const res = await chat.generateResponse(fit.history, {
            ...(functions ? { functions, documentFunctionParams: true } : {}),
            ...(grammar ? { grammar } : {}),
            ...(req.parallel_tool_calls === false ? { maxParallelFunctionCalls: 1 } : {}),
            maxTokens,
            temperature: req.temperature ?? undefined,
            topP: req.top_p ?? undefined,
            seed: req.seed ?? undefined,
            signal: opts.signal,
            onTextChunk: forced ? undefined : onText,
          } as any);
          if (opts.signal?.aborted)
            throw Object.assign(new Error('the request was aborted'), { name: 'AbortError' });
          const used = sequence.tokenMeter.diff(before);
          // the sequence reuses its cached prefix, so evaluated input understates the prompt: report the window
          const completion = used.usedOutputTokens;
          const prompt = Math.max(used.usedInputTokens, sequence.contextTokens.length - completion);
          // what the sequence already held and did not evaluate again: the prefill this turn did not pay for
          const usage = { prompt, completion, cached: Math.max(0, prompt - used.usedInputTokens) };
          let calls: Call[] = ((res as any).functionCalls ?? []).map((c: any) => ({
            name: c.functionName,
            arguments: JSON.stringify(c.params ?? {}),
          }));
          let content = res.response;
          if (forced) {
            // the grammar fixed the shape; the engine validates the arguments against the tool's own schema
            const parsed = JSON.parse(content) as { name: string; arguments?: unknown };
            calls = [{ name: parsed.name, arguments: JSON.stringify(parsed.arguments ?? {}) }];
            content = '';
          }
          return { content, calls, stopReason: res.metadata.stopReason, usage };
        } finally {
          chat.dispose({ disposeSequence: false });
        }
      },
      opts.signal,
      affinity,
    );
  }

  async chat(req: ChatRequest & { model: string }, opts: CallOptions): Promise<ChatCompletion> {
    const g = await this.generate(req, opts);
    return toCompletion(this.chatModel, g.content, g.calls, g.stopReason, g.usage);
  }

  async *chatStream(
    req: ChatRequest & { model: string },
    opts: CallOptions,
  ): AsyncIterable<ChatCompletionChunk> {
    const id = `chatcmpl-local-stream-${Date.now().toString(36)}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (
      delta: ChatCompletionChunk.Choice['delta'],
      finish: ChatCompletionChunk.Choice['finish_reason'] = null,
    ) =>
      ({
        id,
        object: 'chat.completion.chunk',
        created,
        model: this.chatModel,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      }) as ChatCompletionChunk;
    yield* pushStream<ChatCompletionChunk>(async (push) => {
      push(chunk({ role: 'assistant', content: '' }));
      const g = await this.generate(req, opts, (text) => push(chunk({ content: text })));
      const done = toCompletion(this.chatModel, g.content, g.calls, g.stopReason, g.usage);
      const calls = done.choices[0].message.tool_calls ?? [];
      if (calls.length)
        push(
          chunk({
            tool_calls: calls.map((c, index) => ({
              index,
              id: c.id,
              type: 'function',
              function: { name: (c as any).function.name, arguments: (c as any).function.arguments },
            })),
          }),
        );
      push({ ...chunk({}, done.choices[0].finish_reason), usage: done.usage } as ChatCompletionChunk);
    });
  }

  async embed(_model: string, texts: string[], opts: CallOptions): Promise<number[][]> {
    const ctx = await this.runtime.embedding();
    // one embedding context: calls take turns rather than interleave
    const run = this.embedQueue.then(async () => {
      const out: number[][] = [];
      for (const text of texts) {
        if (opts.signal?.aborted)
          throw Object.assign(new Error('the request was aborted'), { name: 'AbortError' });
        // a text longer than the window is embedded by its start rather than refused
        const tokens = ctx.model.tokenize(text).slice(0, this.embeddingWindow(ctx.model.trainContextSize));
        const e = await ctx.getEmbeddingFor(tokens);
        out.push([...e.vector]);
      }
      return out;
    });
    this.embedQueue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private embeddingWindow(train: number): number {
    return Math.min(this.runtime.opts.contextSize, train);
  }

  /** Never waits for a load: a present file is loaded in the background and reported as loading until ready. */
  async probe(): Promise<ProbeResult> {
    const files = this.runtime.files();
    if (!files.chat)
      return { ok: false, reason: `no model file at ${this.location}; ${this.runtime.opts.missingHint}` };
    const state = this.runtime.chatState();
    if (state.error) return { ok: false, reason: `the model did not load: ${state.error}` };
    if (!state.loaded) void this.runtime.chat().catch(() => undefined);
    return {
      ok: true,
      models: [this.chatModel, ...(files.embedding ? [this.runtime.embeddingName as string] : [])],
      ...(state.loaded ? {} : { loading: true }),
    };
  }

  close(): Promise<void> {
    return this.runtime.dispose();
  }
}
