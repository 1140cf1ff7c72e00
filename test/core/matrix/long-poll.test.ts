// The /sync long-poll GET: answers, times out on its own timer, and ends at once when the runtime aborts it.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { LongPollTimeoutError, longPollGet, pollTarget } from '../../../core/matrix/long-poll.ts';

describe('long-poll GET', () => {
  let server: Server;
  let url: URL;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/hang')) return; // never answers
      if (req.url?.startsWith('/half')) {
        // headers and half a body, then the connection drops (or, for /half-hang, nothing more ever comes)
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"next_batch": "s1", ');
        if (!req.url.startsWith('/half-hang')) setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (req.url?.startsWith('/gzip')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return void res.end(gzipSync(JSON.stringify({ next_batch: 's10' })));
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(JSON.stringify({ next_batch: 's9', auth: req.headers.authorization }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("aims at the base URL's host and path with the query encoded, as a URL would", () => {
    const query = { since: 's1 2&x', timeout: 30000, filter: undefined, full_state: false };
    const target = pollTarget(new URL('https://[::1]:8448/matrix/'), '/_matrix/client/v3/sync', query);
    const url = new URL('https://[::1]:8448/matrix/_matrix/client/v3/sync');
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    assert.deepEqual(target, {
      protocol: 'https:',
      hostname: '::1',
      port: '8448',
      path: '/matrix/_matrix/client/v3/sync?since=s1%202%26x&timeout=30000&full_state=false',
    });
    assert.deepEqual(
      Object.fromEntries(new URL(target.path, 'https://x').searchParams),
      Object.fromEntries(url.searchParams),
    );
    assert.equal(pollTarget(new URL('http://127.0.0.1:8008'), '/sync').path, '/sync');
  });

  it('answers with the status, headers and body', async () => {
    const res = await longPollGet(
      pollTarget(url, '/'),
      { authorization: 'Bearer t' },
      new AbortController().signal,
      5000,
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-seen'], 'yes');
    assert.deepEqual(JSON.parse(res.text), { next_batch: 's9', auth: 'Bearer t' });
  });

  it('gives up after its timeout, and ends at once when aborted', async () => {
    const started = Date.now();
    await assert.rejects(
      longPollGet(pollTarget(url, '/hang'), {}, new AbortController().signal, 100),
      (e) => e instanceof LongPollTimeoutError,
    );
    assert.ok(Date.now() - started < 3000);
    const halt = new AbortController();
    const pending = longPollGet(pollTarget(url, '/hang'), {}, halt.signal, 60_000);
    setTimeout(() => halt.abort(new Error('halted')), 20);
    await assert.rejects(pending, /halted/);
  });

  it('reads a compressed body, and never answers with half a body: cut off, timed out or aborted mid-way', async () => {
    const gz = await longPollGet(pollTarget(url, '/gzip'), {}, new AbortController().signal, 5000);
    assert.deepEqual(JSON.parse(gz.text), { next_batch: 's10' });
    await assert.rejects(longPollGet(pollTarget(url, '/half'), {}, new AbortController().signal, 5000));
    await assert.rejects(
      longPollGet(pollTarget(url, '/half-hang'), {}, new AbortController().signal, 100),
      (e) => e instanceof LongPollTimeoutError,
    );
    const halt = new AbortController();
    const pending = longPollGet(pollTarget(url, '/half-hang'), {}, halt.signal, 60_000);
    setTimeout(() => halt.abort(new Error('halted')), 50);
    await assert.rejects(pending, /halted/);
  });

  it('leaves no listener on the runtime-long signal once a request ends, and sends nothing once it aborted', async () => {
    const runtime = new AbortController();
    await longPollGet(pollTarget(url, '/'), {}, runtime.signal, 5000);
    await assert.rejects(longPollGet(pollTarget(url, '/half'), {}, runtime.signal, 5000));
    await assert.rejects(longPollGet(pollTarget(url, '/hang'), {}, runtime.signal, 50));
    assert.equal(getEventListeners(runtime.signal, 'abort').length, 0);
    runtime.abort(new Error('halted'));
    await assert.rejects(longPollGet(pollTarget(url, '/'), {}, runtime.signal, 5000), /halted/);
  });
});
