// One model call inside a turn, streamed or not: visible text, reasoning dropped, tool calls collected.
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ModelClient } from '../model/model-client.ts';
import { ReplyCleaner } from './reply-cleaner.ts';
import { parseTextToolCall } from './text-tool-calls.ts';
import type { ToolCallRequest } from './tool-runner.ts';

/** What one call produced. */
export interface StepResult {
  text: string;
  toolCalls: ToolCallRequest[];
  /** Tool calls the model wrote as text rather than natively. */
  textCalls: number;
}

export interface StepOptions {
  stream: boolean;
  signal?: AbortSignal;
  /** Visible text as it is released (streaming only). */
  onToken?: (text: string) => void;
}

let textCallSeq = 0;

function recoverTextCalls(cleaner: ReplyCleaner): ToolCallRequest[] {
  return cleaner.toolCalls
    .map(parseTextToolCall)
    .filter((c) => c !== null)
    .map((c) => ({ id: `text_call_${++textCallSeq}`, name: c.name, arguments: c.arguments }));
}

/** Calls the model once; reasoning (reasoning_content or <think>) never reaches the result or the token sink. */
export async function modelStep(
  model: ModelClient,
  messages: ChatCompletionMessageParam[],
  tools: ChatCompletionTool[],
  opts: StepOptions,
): Promise<StepResult> {
  const cleaner = new ReplyCleaner();
  const request = { messages, ...(tools.length ? { tools } : {}) };
  const native: ToolCallRequest[] = [];
  if (!opts.stream) {
    const res = await model.chat(request, { signal: opts.signal });
    const msg = res.choices[0]?.message;
    cleaner.push(msg?.content ?? '');
    cleaner.end();
    for (const tc of msg?.tool_calls ?? []) {
      if (tc.type === 'function')
        native.push({ id: tc.id, name: tc.function.name, arguments: tc.function.arguments ?? '' });
    }
  } else {
    const partial = new Map<number, ToolCallRequest>();
    for await (const chunk of model.chatStream(request, { signal: opts.signal })) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        const out = cleaner.push(delta.content);
        if (out) opts.onToken?.(out);
      }
      for (const tc of delta.tool_calls ?? []) {
        const cur = partial.get(tc.index) ?? { id: tc.id ?? `call_${tc.index}`, name: '', arguments: '' };
        if (tc.id) cur.id = tc.id;
        if (tc.function?.name) cur.name += tc.function.name;
        if (tc.function?.arguments) cur.arguments += tc.function.arguments;
        partial.set(tc.index, cur);
      }
    }
    const rest = cleaner.end();
    if (rest) opts.onToken?.(rest);
    native.push(...[...partial.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c));
  }
  const fromText = recoverTextCalls(cleaner);
  return { text: cleaner.text, toolCalls: [...native, ...fromText], textCalls: fromText.length };
}
