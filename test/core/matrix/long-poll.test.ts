// The /sync long-poll GET: answers, times out on its own timer, and ends at once when the runtime aborts it.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { LongPollTimeoutError, longPollGet } from '../../../core/matrix/long-poll.ts';

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

  it('answers with the status, headers and body', async () => {
    const res = await longPollGet(url, { authorization: 'Bearer t' }, new AbortController().signal, 5000);
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-seen'], 'yes');
    assert.deepEqual(JSON.parse(res.text), { next_batch: 's9', auth: 'Bearer t' });
  });

  it('gives up after its timeout, and ends at once when aborted', async () => {
    const started = Date.now();
    await assert.rejects(
      longPollGet(new URL('/hang', url), {}, new AbortController().signal, 100),
      (e) => e instanceof LongPollTimeoutError,
    );
    assert.ok(Date.now() - started < 3000);
    const halt = new AbortController();
    const pending = longPollGet(new URL('/hang', url), {}, halt.signal, 60_000);
    setTimeout(() => halt.abort(new Error('halted')), 20);
    await assert.rejects(pending, /halted/);
  });

  it('reads a compressed body, and never answers with half a body: cut off, timed out or aborted mid-way', async () => {
    const gz = await longPollGet(new URL('/gzip', url), {}, new AbortController().signal, 5000);
    assert.deepEqual(JSON.parse(gz.text), { next_batch: 's10' });
    await assert.rejects(longPollGet(new URL('/half', url), {}, new AbortController().signal, 5000));
    await assert.rejects(
      longPollGet(new URL('/half-hang', url), {}, new AbortController().signal, 100),
      (e) => e instanceof LongPollTimeoutError,
    );
    const halt = new AbortController();
    const pending = longPollGet(new URL('/half-hang', url), {}, halt.signal, 60_000);
    setTimeout(() => halt.abort(new Error('halted')), 50);
    await assert.rejects(pending, /halted/);
  });

  it('leaves no listener on the runtime-long signal once a request ends, and sends nothing once it aborted', async () => {
    const runtime = new AbortController();
    await longPollGet(url, {}, runtime.signal, 5000);
    await assert.rejects(longPollGet(new URL('/half', url), {}, runtime.signal, 5000));
    await assert.rejects(longPollGet(new URL('/hang', url), {}, runtime.signal, 50));
    assert.equal(getEventListeners(runtime.signal, 'abort').length, 0);
    runtime.abort(new Error('halted'));
    await assert.rejects(longPollGet(url, {}, runtime.signal, 5000), /halted/);
  });
});
