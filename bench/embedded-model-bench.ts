// Embedded backend overhead per turn: ModelClient (queue, history fit, OpenAI shapes) vs node-llama-cpp called directly.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { getLlama, LlamaChat, resolveChatWrapper } from 'node-llama-cpp';
import { loadConfig } from '../core/config/load-config.ts';
import { Metrics } from '../core/metrics/metrics.ts';
import { toChatHistory } from '../core/model/embedded/chat-history.ts';
import { ModelClient } from '../core/model/model-client.ts';
import { tempDir } from '../test/support/boot-app.ts';
import { writeTinyGguf } from '../test/support/tiny-gguf.ts';
import { percentile } from './support/hammer.ts';

const turns = Number(process.env.BENCH_TURNS ?? 40);
const maxTokens = 16;
const contextSize = 2048;
const dir = tempDir('quorra-bench-model-');
const file = path.join(dir, 'tiny.gguf');
writeTinyGguf(file);

const messages = [
  { role: 'system' as const, content: 'You are Quorra, a household assistant. Answer briefly.' },
  { role: 'user' as const, content: 'What is on the shopping list?' },
  { role: 'assistant' as const, content: 'Milk, eggs and bread.' },
  { role: 'user' as const, content: 'Add coffee, please.' },
];

// the baseline: what a caller of node-llama-cpp writes by hand, same model, same settings, same history
const llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, skipDownload: true });
const model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
const context = await model.createContext({ contextSize, sequences: 1, threads: 1 });
const sequence = context.getSequence();
const wrapper = resolveChatWrapper(model);
if (!wrapper) throw new Error('no chat wrapper for the tiny model');
const history = toChatHistory(messages);
const directly = async (onTextChunk?: (text: string) => void) => {
  const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: wrapper, autoDisposeSequence: false });
  try {
    return (await chat.generateResponse(history, { maxTokens, temperature: 0, onTextChunk })).response;
  } finally {
    chat.dispose({ disposeSequence: false });
  }
};
const direct = () => directly();
const directStream = () => directly(() => {});

const client = new ModelClient(
  loadConfig({
    env: {},
    overrides: {
      model: {
        backend: 'embedded',
        embedded: { modelsDir: dir, chatModel: 'tiny.gguf', contextSize, threads: 1, parallel: 1 },
      },
    },
  }).model,
  new Metrics(false),
);
const viaClient = async () =>
  (await client.chat({ messages, max_tokens: maxTokens, temperature: 0 })).choices[0].message.content;
const viaStream = async () => {
  let text = '';
  for await (const c of client.chatStream({ messages, max_tokens: maxTokens, temperature: 0 }))
    text += c.choices[0]?.delta.content ?? '';
  return text;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

// warm both paths (model load, first evaluation), and check they generate the same text
const [a, b] = [await direct(), await viaClient()];
await viaStream();
if (a !== b) console.log('note: the two paths generated different text; the ratio compares unequal work');

const runs = {
  direct: [] as number[],
  directStream: [] as number[],
  client: [] as number[],
  stream: [] as number[],
};
// interleaved, so drift on a shared machine hits all three alike
for (let i = 0; i < turns; i++) {
  runs.direct.push(await timed(direct));
  runs.directStream.push(await timed(directStream));
  runs.client.push(await timed(viaClient));
  runs.stream.push(await timed(viaStream));
}
const p50 = (xs: number[]) => percentile(xs, 50);
console.log(`tiny GGUF, ${turns} turns of ${maxTokens} tokens each, one thread, interleaved`);
console.log(`node-llama-cpp directly:           p50 ${p50(runs.direct).toFixed(1)} ms/turn (baseline)`);
console.log(
  `node-llama-cpp, onTextChunk:       p50 ${p50(runs.directStream).toFixed(1)} ms/turn (streaming baseline)`,
);
console.log(
  `ModelClient embedded, chat:        p50 ${p50(runs.client).toFixed(1)} ms/turn  ratio ${(p50(runs.client) / p50(runs.direct)).toFixed(2)}x (goal <= 1.20x)`,
);
console.log(
  `ModelClient embedded, chatStream:  p50 ${p50(runs.stream).toFixed(1)} ms/turn  ratio ${(p50(runs.stream) / p50(runs.directStream)).toFixed(2)}x (goal <= 1.20x)`,
);
await client.close();
await context.dispose();
await model.dispose();
rmSync(dir, { recursive: true, force: true });
