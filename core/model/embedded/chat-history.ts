// Translates OpenAI chat messages into node-llama-cpp's chat history, and its answers back into OpenAI shapes.
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from 'node-llama-cpp';
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions';

/** A message's text, whether it came as a string or as content parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (p && typeof p === 'object' && typeof p.text === 'string' ? p.text : ''))
    .filter(Boolean)
    .join('\n');
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * OpenAI keeps a tool's result in its own `tool` message; node-llama-cpp keeps it inside the model's
 * function call. Calls whose result never came get an empty one so the history still renders.
 */
export function toChatHistory(messages: ChatCompletionMessageParam[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  const pending = new Map<string, ChatModelFunctionCall>();
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') {
      out.push({ type: 'system', text: textOf(m.content) });
    } else if (m.role === 'user') {
      out.push({ type: 'user', text: textOf(m.content) });
    } else if (m.role === 'assistant') {
      const response: ChatModelResponse['response'] = [];
      const text = textOf(m.content);
      if (text) response.push(text);
      for (const tc of m.tool_calls ?? []) {
        if (tc.type !== 'function') continue;
        const call: ChatModelFunctionCall = {
          type: 'functionCall',
          name: tc.function.name,
          params: parseMaybeJson(tc.function.arguments || '{}'),
          result: '',
        };
        pending.set(tc.id, call);
        response.push(call);
      }
      out.push({ type: 'model', response });
    } else if (m.role === 'tool') {
      const call = pending.get(m.tool_call_id);
      if (call) call.result = parseMaybeJson(textOf(m.content));
      else out.push({ type: 'user', text: `Tool result: ${textOf(m.content)}` });
    }
  }
  // node-llama-cpp generates into the last model item; a fresh turn gets an empty one
  if (out.at(-1)?.type !== 'model') out.push({ type: 'model', response: [] });
  return out;
}

let seq = 0;

/** One finished generation as an OpenAI chat completion. */
export function toCompletion(
  model: string,
  content: string,
  calls: { name: string; arguments: string }[],
  stopReason: string,
  usage: { prompt: number; completion: number; cached?: number },
): ChatCompletion {
  const id = `chatcmpl-local-${Date.now().toString(36)}-${++seq}`;
  const toolCalls: ChatCompletionMessageToolCall[] = calls.map((c, i) => ({
    id: `call_${seq}_${i}`,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }));
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: toolCalls.length ? 'tool_calls' : stopReason === 'maxTokens' ? 'length' : 'stop',
        message: {
          role: 'assistant',
          content: content || (toolCalls.length ? null : ''),
          refusal: null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
      ...(usage.cached !== undefined ? { prompt_tokens_details: { cached_tokens: usage.cached } } : {}),
    },
  };
}
