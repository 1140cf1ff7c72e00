// The embedded backend on a real (tiny, random-weight) GGUF, driven through the real ModelClient.
import assert from 'node:assert/strict';
import { ModelBusyError } from '../../../../core/model/embedded/turn-queue.ts';
import { classifyModelError, type ModelClient } from '../../../../core/model/model-client.ts';
import { tinyModelClient, tinyModelDir } from '../../../support/tiny-model.ts';

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
      },
      required: ['city', 'unit'],
      additionalProperties: false,
    },
  },
};
const noteTool = {
  type: 'function' as const,
  function: {
    name: 'add_note',
    description: 'Saves a note',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
};

describe('the embedded backend (node-llama-cpp) on a tiny GGUF', function () {
  this.timeout(120_000);
  let models: { dir: string; remove(): void };
  const logs: { level: string; message: string; details?: Record<string, unknown> }[] = [];
  const make = (embedded: Record<string, unknown> = {}) =>
    tinyModelClient(models.dir, embedded, {
      log: (level, message, details) => logs.push({ level, message, details }),
    });
  let client: ModelClient;

  before(() => {
    models = tinyModelDir();
    client = make();
  });
  after(async () => {
    await client.close();
    models.remove();
  });

  it('is what `auto` picks when no endpoint is set and the model file is there', async () => {
    assert.equal(client.backend.kind, 'embedded');
    assert.equal(client.chatModel, 'tiny.gguf');
    assert.equal(client.embeddingModel, 'tiny.gguf');
    const probe = await client.probe();
    assert.equal(probe.ok, true, probe.reason);
  });

  it('answers a chat turn as an OpenAI chat completion', async () => {
    const res = await client.chat({
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello.' },
      ],
      max_tokens: 6,
    });
    assert.equal(res.object, 'chat.completion');
    assert.equal(res.choices[0].message.role, 'assistant');
    assert.equal(typeof res.choices[0].message.content, 'string');
    assert.ok(['stop', 'length'].includes(res.choices[0].finish_reason));
    assert.ok((res.usage?.completion_tokens ?? 0) >= 1);
    assert.ok((res.usage?.prompt_tokens ?? 0) > 5);
  });

  it('streams a turn chunk by chunk, ending with a finish reason and usage', async () => {
    const chunks = [];
    for await (const c of client.chatStream({
      messages: [{ role: 'user', content: 'Count.' }],
      max_tokens: 6,
    }))
      chunks.push(c);
    assert.equal(chunks[0].choices[0].delta.role, 'assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    assert.ok(text.length > 0, 'some text was streamed');
    assert.ok(chunks.filter((c) => c.choices[0]?.delta.content).length >= 2, 'more than one content chunk');
    const last = chunks.at(-1)!;
    assert.ok(last.choices[0].finish_reason);
    assert.ok((last.usage?.completion_tokens ?? 0) >= 1);
  });

  it('embeds texts into vectors of the model width, one per text', async () => {
    const [a, b, a2] = await client.embed(['the cat sat', 'a different sentence entirely', 'the cat sat']);
    assert.equal(a.length, 64);
    assert.equal(b.length, 64);
    assert.deepEqual(a, a2, 'the same text embeds the same');
    assert.notDeepEqual(a, b);
  });

  it('makes a required tool call that is valid JSON for the offered schema, even from random weights', async () => {
    for (const seed of [1, 2, 3]) {
      const res = await client.chat({
        messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
        tools: [weatherTool, noteTool],
        tool_choice: 'required',
        max_tokens: 120,
        temperature: 1,
        seed,
      });
      const msg = res.choices[0].message;
      assert.equal(res.choices[0].finish_reason, 'tool_calls');
      const call = msg.tool_calls?.[0];
      assert.ok(call && call.type === 'function');
      assert.ok(['get_weather', 'add_note'].includes(call.function.name), call.function.name);
      const args = JSON.parse(call.function.arguments);
      if (call.function.name === 'get_weather') {
        assert.equal(typeof args.city, 'string');
        assert.ok(['celsius', 'fahrenheit'].includes(args.unit));
        if ('days' in args) assert.ok(Number.isInteger(args.days));
        assert.deepEqual(
          Object.keys(args).filter((k) => !['city', 'unit', 'days'].includes(k)),
          [],
        );
      } else {
        assert.equal(typeof args.text, 'string');
      }
    }
  });

  it('calls the named tool when tool_choice names one, streamed too', async () => {
    const chunks = [];
    for await (const c of client.chatStream({
      messages: [{ role: 'user', content: 'note this' }],
      tools: [weatherTool, noteTool],
      tool_choice: { type: 'function', function: { name: 'add_note' } },
      max_tokens: 60,
      temperature: 1,
      seed: 7,
    }))
      chunks.push(c);
    const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].function?.name, 'add_note');
    assert.equal(typeof JSON.parse(calls[0].function?.arguments ?? '').text, 'string');
  });

  it('answers JSON under a response_format schema (what Dream extraction asks for)', async () => {
    const res = await client.chat({
      messages: [{ role: 'user', content: 'Extract facts.' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'facts',
          schema: {
            type: 'object',
            properties: { facts: { type: 'array', items: { type: 'string' }, maxItems: 2 } },
            required: ['facts'],
          },
        },
      },
      max_tokens: 80,
      temperature: 1,
      seed: 3,
    });
    const parsed = JSON.parse(res.choices[0].message.content ?? '');
    assert.ok(Array.isArray(parsed.facts));
    assert.ok(parsed.facts.length <= 2);
  });

  it('trims the oldest history to fit the context instead of failing', async () => {
    const small = make({ contextSize: 256 });
    try {
      logs.length = 0;
      const history = Array.from({ length: 12 }, (_, i) => [
        { role: 'user' as const, content: `old question ${i} `.repeat(6) },
        { role: 'assistant' as const, content: `old answer ${i} `.repeat(6) },
      ]).flat();
      const res = await small.chat({
        messages: [
          { role: 'system', content: 'Be brief.' },
          ...history,
          { role: 'user', content: 'the newest question' },
        ],
        max_tokens: 8,
      });
      assert.equal(typeof res.choices[0].message.content, 'string');
      assert.ok((res.usage?.prompt_tokens ?? 0) <= 256, `prompt of ${res.usage?.prompt_tokens} tokens`);
      const trim = logs.find((l) => /trimmed the oldest history/.test(l.message));
      assert.ok(trim, 'the trim is logged');
      assert.ok((trim.details?.droppedItems as number) > 0);
      // even a single message longer than the window is cut, not refused
      const res2 = await small.chat({
        messages: [{ role: 'user', content: 'x'.repeat(2000) }],
        max_tokens: 4,
      });
      assert.ok((res2.usage?.prompt_tokens ?? 0) <= 256);
    } finally {
      await small.close();
    }
  });

  it('queues turns fairly for the single sequence and refuses with MODEL_BUSY when the line is full', async () => {
    const queued = make({ queueLimit: 1, parallel: 1 });
    try {
      await queued.chat({ messages: [{ role: 'user', content: 'warm' }], max_tokens: 1 });
      const order: number[] = [];
      const turn = (n: number) =>
        queued
          .chat({ messages: [{ role: 'user', content: `turn ${n}` }], max_tokens: 24 })
          .then(() => order.push(n));
      const first = turn(1);
      const second = turn(2);
      await assert.rejects(turn(3), (err: unknown) => {
        assert.ok(err instanceof ModelBusyError);
        assert.ok(err.retryAfterSeconds >= 1);
        assert.equal(classifyModelError(err), 'busy');
        return true;
      });
      await Promise.all([first, second]);
      assert.deepEqual(order, [1, 2], 'first come, first served');
      await queued.chat({ messages: [{ role: 'user', content: 'after' }], max_tokens: 1 });
    } finally {
      await queued.close();
    }
  });

  it('says how to get a model when the file is missing', async () => {
    const missing = make({ chatModel: 'not-there.gguf' });
    const probe = await missing.probe();
    assert.equal(probe.ok, false);
    assert.match(probe.reason ?? '', /model pull/);
    await assert.rejects(missing.chat({ messages: [{ role: 'user', content: 'hi' }] }), /model pull/);
  });
});
