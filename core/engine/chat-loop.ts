// The bounded tool loop of one turn: model ⇄ tools, one call at a time, then a final answer without tools.
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { toolSchema } from '../contracts/tool-schema.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import type { Confirmation } from './confirmation.entity.ts';
import { modelStep } from './model-step.ts';
import type { CallScope, ToolRunner } from './tool-runner.ts';
import type { TurnInspector, TurnRecord } from './turn-inspector.ts';

export interface LoopOptions {
  model: ModelClient;
  runner: ToolRunner;
  metrics: Metrics;
  messages: ChatCompletionMessageParam[];
  tools: ToolDefinition<any>[];
  scope: CallScope;
  maxRounds: number;
  stream: boolean;
  signal?: AbortSignal;
  onToken?: (text: string) => void;
  onStatus?: (text: string) => void;
  /** Set for recordable turns: every model call is captured before it is sent. */
  inspector?: { recorder: TurnInspector; userId: string };
}

/** One tool call of the turn and how it ended. */
export interface ToolCallRecord {
  name: string;
  outcome: 'ok' | 'error' | 'refused' | 'invalid' | 'unknown';
}

/** The outcome of the loop: the visible reply, or a confirmation that ended the turn early. */
export interface LoopResult {
  reply: string;
  confirmation?: Confirmation;
  rounds: number;
  /** The tool calls that ran, in order (a reply may be checked against them). */
  calls: ToolCallRecord[];
}

const FINAL_NOTE =
  'You have used the tools available for this turn. Answer the user now, without calling tools.';

/** Runs the turn; `partial` holds the visible text so far if the caller needs it after an abort. */
export async function runChatLoop(
  o: LoopOptions,
  partial: { text: string } = { text: '' },
): Promise<LoopResult> {
  const iterations = o.metrics.counter(
    'quorra_engine_loop_iterations_total',
    'Model calls made by the chat loop',
  );
  const messages = [...o.messages];
  const calls: ToolCallRecord[] = [];
  const onToken = (t: string) => {
    partial.text += t;
    o.onToken?.(t);
  };
  for (let round = 0; ; round++) {
    const final = round >= o.maxRounds;
    const sent = final ? [...messages, { role: 'system' as const, content: FINAL_NOTE }] : messages;
    // per round: `more_tools` may have added a tool to the turn's set (schemas are cached per definition)
    const tools = final ? [] : o.tools.map(toolSchema);
    let record: TurnRecord | undefined;
    if (o.inspector)
      record = o.inspector.recorder.begin({
        userId: o.inspector.userId,
        sessionId: o.scope.sessionId,
        round,
        payload: { messages: sent, tools },
      });
    iterations.inc();
    let step: Awaited<ReturnType<typeof modelStep>>;
    try {
      step = await modelStep(o.model, sent, tools, { stream: o.stream, signal: o.signal, onToken });
    } catch (err) {
      if (record) o.inspector!.recorder.finish(record, { error: (err as Error).message });
      throw err;
    }
    if (record) o.inspector!.recorder.finish(record, { response: step });
    if (!o.stream) partial.text += step.text;
    if (!step.toolCalls.length || final) return { reply: partial.text.trim(), rounds: round + 1, calls };
    messages.push({
      role: 'assistant',
      content: step.text || null,
      tool_calls: step.toolCalls.map((c) => ({
        id: c.id,
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      })),
    });
    for (const call of step.toolCalls) {
      o.onStatus?.(`running ${call.name}`);
      const outcome = await o.runner.run(call, o.scope);
      if (outcome.kind === 'confirm')
        return { reply: partial.text.trim(), confirmation: outcome.confirmation, rounds: round + 1, calls };
      calls.push({ name: call.name, outcome: outcome.outcome });
      messages.push({ role: 'tool', tool_call_id: call.id, content: outcome.content });
    }
  }
}
