// Bounded clients: trickled headers and bodies are cut, and one address guessing sign-in codes or forging webhooks meets 429.
import assert from 'node:assert/strict';
import net from 'node:net';
import { loadConfig } from '../../../core/config/load-config.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';

/** Opens a socket, sends `head`, then `drip` every 100 ms for up to 10 s; resolves with what came back once closed. */
function trickle(url: string, head: string, drip: string): Promise<{ cut: boolean; reply: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let reply = '';
    let drips = 0;
    const timer = setInterval(() => {
      if (++drips > 100) {
        clearInterval(timer);
        socket.destroy();
        resolve({ cut: false, reply });
      } else socket.write(drip);
    }, 100);
    socket.on('data', (d) => {
      reply += d.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ cut: drips <= 100, reply });
    });
    socket.write(head);
  });
}

describe('bounded clients', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({
      config: {
        server: { headersTimeoutMs: 1000, requestTimeoutMs: 1500 },
        plugins: { concierge: { settings: { webhookSecret: 'a-webhook-secret-of-enough-length' } } },
      },
    });
  });
  after(() => app.stop({ clean: true }));

  it('cuts a client trickling headers, and one trickling its body, long before they finish', async () => {
    const headers = await trickle(app.url, 'GET /health HTTP/1.1\r\nHost: quorra\r\n', 'X-Slow: 1\r\n');
    assert.ok(headers.cut, 'the header trickle was cut');
    assert.match(headers.reply, /^HTTP\/1\.1 408/);
    const body = await trickle(
      app.url,
      'POST /auth/matrix-code HTTP/1.1\r\nHost: quorra\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
      ' ',
    );
    assert.ok(body.cut, 'the body trickle was cut');
  });

  it('defaults to 10 s for headers and 15 s for the whole request', async () => {
    const config = loadConfig({ env: {}, cwd: tempDir() });
    assert.equal(config.server.headersTimeoutMs, 10_000);
    assert.equal(config.server.requestTimeoutMs, 15_000);
    const plain = await bootApp({ listen: false });
    try {
      const s = await plain.quorra.listen();
      assert.equal(s.server.headersTimeout, 10_000);
      assert.equal(s.server.requestTimeout, 15_000);
    } finally {
      await plain.stop({ clean: true });
    }
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers 429 with Retry-After to the 11th code request from one address, whatever IDs it names', async () => {
    for (let i = 0; i < 10; i++)
      assert.equal((await post('/auth/matrix-code', { matrix_id: `@person${i}:example.org` })).status, 202);
    const r = await post('/auth/matrix-code', { matrix_id: '@someone:example.org' });
    assert.equal(r.status, 429);
    assert.ok(Number(r.headers.get('retry-after')) > 0);
    const body = await r.json();
    assert.equal(body.error.code, 'TOO_MANY_REQUESTS');
    assert.match(body.error.message, /Too many tries from this address/);
  });

  it('answers 429 after 10 wrong codes from one address, and after 20 failed webhooks', async () => {
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/auth/matrix-code/verify', {
        matrix_id: `@p${i}:example.org`,
        code: '000000',
      });
      assert.equal(wrong.status, 401);
    }
    const blocked = await post('/auth/matrix-code/verify', { matrix_id: '@p:example.org', code: '123456' });
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);

    const forged = () =>
      post(
        '/plugins/concierge/webhook',
        { any: 'thing' },
        { 'x-quorra-signature': 'sha256=00', 'x-quorra-timestamp': '1' },
      );
    for (let i = 0; i < 20; i++) assert.equal((await forged()).status, 401);
    const limited = await forged();
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });
});
