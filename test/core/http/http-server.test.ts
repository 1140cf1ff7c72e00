// Graceful shutdown: in-flight requests finish, new connections are refused, the database is closed.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('graceful shutdown', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp();
    app.quorra.routes.add(
      {
        method: 'GET',
        path: '/test/slow',
        auth: 'public',
        summary: 'slow',
        handler: async () => {
          await new Promise((r) => setTimeout(r, 150));
          return { done: true };
        },
      },
      'test',
    );
  });
  after(() => app.stop({ clean: true }));

  it('lets an in-flight request finish, then refuses new ones and closes the db', async () => {
    const inflight = fetch(`${app.url}/test/slow`);
    await new Promise((r) => setTimeout(r, 30));
    const stopping = app.quorra.stop();
    const res = await inflight;
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { done: true });
    await stopping;
    await assert.rejects(fetch(`${app.url}/health`));
    assert.equal(app.quorra.db.isInitialized, false);
  });
});

describe('graceful shutdown with idle connections', () => {
  it('closes a connection that never sent a request instead of waiting for the shutdown timeout', async () => {
    const { connect } = await import('node:net');
    // a timeout longer than mocha's: if stop() waited for the idle socket, this test would fail
    const app = await bootApp({ config: { server: { shutdownGraceMs: 60_000 } } });
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const closed = new Promise((r) => socket.once('close', r));
    await app.stop({ clean: true });
    await closed;
    assert.equal(socket.destroyed, true);
  });
});
