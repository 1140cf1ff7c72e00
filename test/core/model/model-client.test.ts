// The model client through the real openai SDK against the scripted server: plain, streamed, tools, failures.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../core/config/load-config.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { classifyModelError, ModelClient } from '../../../core/model/model-client.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('ModelClient with the scripted model server', () => {
  let server: ScriptedModelServer;
  let metrics: Metrics;
  let client: ModelClient;
  const make = (over: Record<string, unknown> = {}) =>
    new ModelClient(
      loadConfig({
        env: {},
        overrides: {
          model: {
            baseUrl: server.url,
            chatModel: 'test-chat',
            embeddingModel: 'test-embed',
            maxRetries: 0,
            ...over,
          },
        },
      }).model,
      metrics,
    );

  before(async () => {
    server = await ScriptedModelServer.start();
  });
  beforeEach(() => {
    server.reset();
    metrics = new Metrics(false);
    client = make();
  });
  after(() => server.close());

  it('answers a plain chat and records the request as sent', async () => {
    server.on('hello', { content: 'Hi there!', usage: { prompt_tokens: 7, completion_tokens: 3 } });
    const res = await client.chat({ messages: [{ role: 'user', content: 'hello' }] });
    assert.equal(res.choices[0].message.content, 'Hi there!');
    assert.equal(server.chatRequests()[0].body.model, 'test-chat');
    const text = await metrics.registry.metrics();
    assert.match(text, /quorra_model_tokens_total\{type="prompt"\} 7/);
    assert.match(text, /quorra_model_call_duration_seconds_count\{kind="chat",outcome="ok"\} 1/);
  });

  it('returns tool calls with their JSON arguments', async () => {
    server.next({ toolCalls: [{ name: 'system_get_health', arguments: { verbose: true } }] });
    const res = await client.chat({ messages: [{ role: 'user', content: 'how are you?' }] });
    const call = res.choices[0].message.tool_calls![0];
    assert.equal(call.type === 'function' && call.function.name, 'system_get_health');
    assert.deepEqual(call.type === 'function' && JSON.parse(call.function.arguments), { verbose: true });
  });

  it('streams deltas as they arrive, reasoning separately from content', async () => {
    server.next({
      content: 'Streaming works fine.',
      reasoning: 'think think',
      chunks: ['Stream', 'ing works', ' fine.'],
    });
    const content: string[] = [];
    const reasoning: string[] = [];
    for await (const chunk of client.chatStream({ messages: [{ role: 'user', content: 'go' }] })) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      if (delta?.content) content.push(delta.content);
      if (delta?.reasoning_content) reasoning.push(delta.reasoning_content);
    }
    assert.deepEqual(content, ['Stream', 'ing works', ' fine.']);
    assert.equal(reasoning.join(''), 'think think');
    assert.equal(server.chatRequests()[0].body.stream, true);
  });

  it('streams tool-call fragments that add up to the full arguments', async () => {
    server.next({ toolCalls: [{ name: 'memory_recall', arguments: { topic: 'cars and fuel' } }] });
    let args = '';
    let name = '';
    for await (const chunk of client.chatStream({ messages: [{ role: 'user', content: 'x' }] })) {
      const tc = chunk.choices[0]?.delta?.tool_calls?.[0];
      if (tc?.function?.name) name = tc.function.name;
      if (tc?.function?.arguments) args += tc.function.arguments;
    }
    assert.equal(name, 'memory_recall');
    assert.deepEqual(JSON.parse(args), { topic: 'cars and fuel' });
  });

  it('retries a 5xx and then succeeds when retries are allowed', async () => {
    client = make({ maxRetries: 2 });
    server.next({ status: 503 }).next({ content: 'recovered' });
    const res = await client.chat({ messages: [{ role: 'user', content: 'x' }] });
    assert.equal(res.choices[0].message.content, 'recovered');
    assert.equal(server.chatRequests().length, 2);
  });

  it('classifies failures: server error, malformed body, unreachable, timeout', async () => {
    server.next({ status: 500 });
    await assert.rejects(
      client.chat({ messages: [{ role: 'user', content: 'x' }] }),
      (e) => classifyModelError(e) === 'server_error',
    );
    server.next({ malformed: true });
    await assert.rejects(
      client.chat({ messages: [{ role: 'user', content: 'x' }] }),
      (e) => classifyModelError(e) === 'malformed',
    );
    server.next({ content: 'late', delayMs: 300 });
    await assert.rejects(
      client.chat({ messages: [{ role: 'user', content: 'x' }] }, { timeoutMs: 50 }),
      (e) => classifyModelError(e) === 'timeout',
    );
    const dead = new ModelClient(
      loadConfig({ env: {}, overrides: { model: { baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 } } })
        .model,
      metrics,
    );
    await assert.rejects(
      dead.chat({ messages: [{ role: 'user', content: 'x' }] }),
      (e) => classifyModelError(e) === 'unreachable',
    );
    assert.match(
      await metrics.registry.metrics(),
      /quorra_model_errors_total\{call="chat",kind="server_error"\} 1/,
    );
  });

  it('surfaces a stream the server drops midway as an error', async () => {
    server.next({ content: 'this will not finish in time at all', dropAfterChunks: 2 });
    await assert.rejects(async () => {
      for await (const _ of client.chatStream({ messages: [{ role: 'user', content: 'x' }] })) {
        // drain
      }
    });
  });

  it('embeds texts in order and probes the endpoint', async () => {
    const vectors = await client.embed(['alpha', 'beta', 'alpha']);
    assert.equal(vectors.length, 3);
    assert.deepEqual(vectors[0], vectors[2]);
    assert.notDeepEqual(vectors[0], vectors[1]);
    assert.deepEqual((await client.probe()).models, ['test-chat', 'test-embed']);
  });

  it('leaves no listener on a long-lived signal after each embedding (the SDK would leave one per call)', async () => {
    const run = new AbortController();
    for (let i = 0; i < 15; i++) await client.embed([`text ${i}`], { signal: run.signal });
    assert.equal(getEventListeners(run.signal, 'abort').length, 0);
  });

  it('probes with the API key and reports why an endpoint does not answer, as the SDK would', async () => {
    assert.equal((await make({ apiKey: 'sk-probe' }).probe()).ok, true);
    assert.equal(server.requests.at(-1)?.headers.authorization, 'Bearer sk-probe');
    const dead = make({ baseUrl: 'http://127.0.0.1:9/v1' });
    assert.deepEqual(await dead.probe(), { ok: false, reason: 'unreachable: Connection error.' });
    const refusing = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad key' } }));
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    try {
      const { port } = refusing.address() as AddressInfo;
      assert.deepEqual(await make({ baseUrl: `http://127.0.0.1:${port}/v1` }).probe(), {
        ok: false,
        reason: 'client_error: 401 bad key',
      });
    } finally {
      refusing.close();
    }
  });

  it('sends embeddings to embeddingBaseUrl when it names a second server', async () => {
    const embedServer = await ScriptedModelServer.start();
    try {
      const split = make({ embeddingBaseUrl: embedServer.url });
      await split.embed(['alpha']);
      assert.equal(embedServer.requests.filter((r) => r.path.endsWith('/embeddings')).length, 1);
      assert.equal(server.requests.filter((r) => r.path.endsWith('/embeddings')).length, 0);
    } finally {
      await embedServer.close();
    }
  });
});
