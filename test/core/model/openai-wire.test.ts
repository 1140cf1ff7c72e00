// Chat completions over node:http, streamed and not: retried, failing and classified as the openai SDK did; SSE read whatever the chunking.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../core/config/load-config.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { classifyModelError, ModelClient } from '../../../core/model/model-client.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const ask = { messages: [{ role: 'user' as const, content: 'x' }] };

/** Drains a stream into its content, or rejects with its error. */
async function content(client: ModelClient, signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const chunk of client.chatStream(ask, { signal }))
    text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

describe('streamed chat over node:http', () => {
  let server: ScriptedModelServer;
  const make = (over: Record<string, unknown> = {}) =>
    new ModelClient(
      loadConfig({
        env: {},
        overrides: { model: { baseUrl: server.url, chatModel: 'test-chat', maxRetries: 0, ...over } },
      }).model,
      new Metrics(false),
    );

  before(async () => {
    server = await ScriptedModelServer.start();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it('sends the request as the SDK did and asks for usage', async () => {
    server.next({ content: 'Hello there.', usage: { prompt_tokens: 4, completion_tokens: 2 } });
    assert.equal(await content(make({ apiKey: 'sk-stream' })), 'Hello there.');
    const [req] = server.chatRequests();
    assert.equal(req.headers.authorization, 'Bearer sk-stream');
    assert.equal(req.body.model, 'test-chat');
    assert.equal(req.body.stream, true);
    assert.deepEqual(req.body.stream_options, { include_usage: true });
  });

  it("lets go of the caller's abort signal once a call is over, streamed or not", async () => {
    const turn = new AbortController();
    server.next({ content: 'First.' }).next({ content: 'Second.' });
    const client = make();
    assert.equal(await content(client, turn.signal), 'First.');
    assert.equal((await client.chat(ask, { signal: turn.signal })).choices[0].message.content, 'Second.');
    // a signal that lives longer than one call (a session's) gathers no listener per call
    await new Promise((r) => setImmediate(r));
    assert.equal(getEventListeners(turn.signal, 'abort').length, 0);
  });

  it('retries 5xx and 429 before the stream starts, then streams', async () => {
    server.next({ status: 503 }).next({ status: 429 }).next({ content: 'recovered' });
    assert.equal(await content(make({ maxRetries: 2 })), 'recovered');
    assert.equal(server.chatRequests().length, 3);
  });

  it('fails with the SDK error kinds: server, rate limit, client, unreachable, timeout, aborted', async () => {
    const client = make();
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e) => classifyModelError(e),
      );
    server.next({ status: 500 });
    assert.equal(await kind(content(client)), 'server_error');
    server.next({ status: 429 });
    assert.equal(await kind(content(client)), 'rate_limited');
    server.next({ status: 400 });
    await assert.rejects(content(client), /400 scripted 400/);
    assert.equal(await kind(content(make({ baseUrl: 'http://127.0.0.1:9/v1' }))), 'unreachable');
    server.next({ content: 'late', delayMs: 300 });
    assert.equal(await kind(content(make({ timeoutMs: 50 }))), 'timeout');
    assert.equal(await kind(content(client, AbortSignal.abort())), 'aborted');
    server.next({ content: 'a long answer, cut short by the caller', chunkDelayMs: 30 });
    const cut = new AbortController();
    setTimeout(() => cut.abort(), 60);
    assert.equal(await kind(content(client, cut.signal)), 'aborted');
    // the chunks delayed, so that the connection breaks after the stream began (not before the headers)
    server.next({ content: 'dropped after two chunks of it', dropAfterChunks: 2, chunkDelayMs: 20 });
    assert.equal(await kind(content(client)), 'stream_dropped');
  });

  it('a chat not streamed: sent as the SDK sent it, retried, failing with the SDK error kinds', async () => {
    const chat = (client: ModelClient, opts: { signal?: AbortSignal; timeoutMs?: number } = {}) =>
      client.chat(ask, opts).then((r) => r.choices[0].message.content);
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e) => classifyModelError(e),
      );
    server.next({ content: 'Plain answer.' });
    assert.equal(await chat(make({ apiKey: 'sk-plain' })), 'Plain answer.');
    const [req] = server.chatRequests();
    assert.equal(req.headers.authorization, 'Bearer sk-plain');
    assert.equal(req.body.stream, false);
    assert.equal(req.body.model, 'test-chat');
    server.next({ status: 503 }).next({ status: 429 }).next({ content: 'third time' });
    assert.equal(await chat(make({ maxRetries: 2 })), 'third time');
    const client = make();
    server.next({ status: 429 });
    assert.equal(await kind(chat(client)), 'rate_limited');
    server.next({ status: 400 });
    await assert.rejects(chat(client), /400 scripted 400/);
    server.next({ malformed: true });
    assert.equal(await kind(chat(client)), 'malformed');
    // the call's own timeout (Dream's extraction timeout) wins over the configured one
    server.next({ content: 'late', delayMs: 300 });
    assert.equal(await kind(chat(make({ timeoutMs: 60_000 }), { timeoutMs: 50 })), 'timeout');
    assert.equal(await kind(chat(client, { signal: AbortSignal.abort() })), 'aborted');
    server.next({ content: 'never read', delayMs: 300 });
    assert.equal(await kind(chat(client, { signal: AbortSignal.timeout(50) })), 'aborted');
  });

  it('reads events split anywhere, CRLF lines, comments and error events; reuses the connection', async () => {
    let connections = 0;
    const script: ((res: ServerResponse) => void)[] = [];
    const raw = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      script.shift()?.(res);
    });
    raw.on('connection', () => connections++);
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const chunk = (text: string) =>
      JSON.stringify({
        id: 'c',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content: text } }],
      });
    try {
      const client = make({ baseUrl: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1` });
      script.push((res) => {
        const wire = `: keep-alive\r\n\r\ndata: ${chunk('Split ')}\r\n\r\ndata: ${chunk('anywhere.')}\r\n\r\ndata: [DONE]\r\n\r\n`;
        // one byte at a time where it hurts most: inside the JSON and between \r and \n
        const cuts = [3, wire.indexOf('\r\n\r\ndata') + 1, wire.length - 10];
        let at = 0;
        const next = () => {
          const cut = cuts.shift() ?? wire.length;
          res.write(wire.slice(at, cut));
          at = cut;
          if (at < wire.length) setTimeout(next, 5);
          else res.end();
        };
        next();
      });
      assert.equal(await content(client), 'Split anywhere.');
      script.push((res) => res.end(`data: ${chunk('Second.')}\n\ndata: [DONE]\n\n`));
      assert.equal(await content(client), 'Second.');
      assert.equal(connections, 1, 'the second call reused the kept-alive connection');
      script.push((res) =>
        res.end(`data: ${chunk('Half')}\n\nevent: error\ndata: {"message":"overloaded"}\n\n`),
      );
      await assert.rejects(content(client), (e) => classifyModelError(e) === 'stream_dropped');
    } finally {
      raw.closeAllConnections();
      raw.close();
    }
  });
});
