// The route table serves what the router would: registration order, lenient spellings, metrics labels, abort signals.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import Koa from 'koa';
import { z } from 'zod';
import { fail } from '../../../core/contracts/errors.ts';
import { defineRoute } from '../../../core/contracts/route-definition.ts';
import { type HttpServer, listen } from '../../../core/http/http-server.ts';
import { requestPipeline } from '../../../core/http/request-pipeline.ts';
import { RouteTable } from '../../../core/http/route-table.ts';
import { createLogger } from '../../../core/logger.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';

describe('route table dispatch', () => {
  let server: HttpServer;
  let routes: RouteTable;
  const metrics = new Metrics(false);
  /** The last request's raw response, so a test can wait for the client to have gone. */
  let lastRes: ServerResponse | undefined;
  before(async () => {
    // members are whoever says x-test-user: enough to see that the guard runs before the handler
    routes = new RouteTable(async (ctx, next) => {
      const name = ctx.get('x-test-user');
      if (!name) throw fail.unauthenticated();
      ctx.state.principal = { kind: 'user', userId: name, role: 'member', displayName: name };
      await next();
    });
    const app = new Koa();
    app.use(async (ctx, next) => {
      lastRes = ctx.res;
      await next();
    });
    app.use(requestPipeline({ logger: createLogger('silent'), metrics, routes, bodyLimitBytes: 1_000_000 }));
    server = await listen(app, '127.0.0.1', 0);
  });
  after(() => server.close(1000));
  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

  it('keeps registration order: an earlier parameter route wins over a later static one it matches', async () => {
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/things/:id',
        auth: 'public',
        summary: 'a thing',
        params: z.object({ id: z.string() }),
        handler: ({ params }) => ({ route: 'param', id: params.id }),
      }),
      'core',
    );
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/things/new',
        auth: 'public',
        summary: 's',
        handler: () => ({ route: 'static' }),
      }),
      'core',
    );
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/ping',
        auth: 'public',
        summary: 'ping',
        handler: () => ({ pong: true }),
      }),
      'core',
    );
    assert.deepEqual(await (await get('/things/new')).json(), { route: 'param', id: 'new' });
    assert.deepEqual(await (await get('/things/7')).json(), { route: 'param', id: '7' });
    assert.deepEqual(await (await get('/ping')).json(), { pong: true });
  });

  it('answers the spellings the router accepts (case, trailing slash, HEAD) and 404s after dispose', async () => {
    const d = routes.add(
      defineRoute({
        method: 'GET',
        path: '/echo-me',
        auth: 'public',
        summary: 'e',
        handler: () => ({ ok: 1 }),
      }),
      'core',
    );
    for (const path of ['/echo-me', '/echo-me/', '/ECHO-ME'])
      assert.deepEqual(await (await get(path)).json(), { ok: 1 }, path);
    const head = await get('/echo-me', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal((await get('/echo-me', { method: 'POST' })).status, 404, 'another method is not this route');
    d.dispose();
    assert.equal((await get('/echo-me')).status, 404, 'gone at once');
  });

  it('answers what a handler returns as a bare Koa handler answers it: type, length and body', async () => {
    const nullProto = Object.assign(Object.create(null), { k: 'v' });
    const values: Record<string, unknown> = {
      object: { reply: 'Grüße 👋', n: 1, nested: { list: [1, 'two'] } },
      array: [{ a: 1 }, 'b'],
      nullProto,
      text: 'plain text',
      html: '<p>hi</p>',
      buffer: Buffer.from('bytes'),
      date: new Date(0),
    };
    const bare = new Koa();
    bare.use((ctx) => {
      ctx.body = values[ctx.path.slice(1)];
    });
    const bareServer = await listen(bare, '127.0.0.1', 0);
    try {
      for (const [name, value] of Object.entries(values)) {
        const d = routes.add(
          defineRoute({
            method: 'GET',
            path: `/${name}`,
            auth: 'public',
            summary: name,
            handler: () => value,
          }),
          'core',
        );
        const ours = await get(`/${name}`);
        const theirs = await fetch(`${bareServer.url}/${name}`);
        assert.equal(ours.status, theirs.status, name);
        for (const header of ['content-type', 'content-length'])
          assert.equal(ours.headers.get(header), theirs.headers.get(header), `${name} ${header}`);
        assert.equal(await ours.text(), await theirs.text(), name);
        d.dispose();
      }
    } finally {
      await bareServer.close(1000);
    }
  });

  it("hands a route without a query schema Koa's parse of the query, one with a schema its output, and headers", async () => {
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/raw-query',
        auth: 'public',
        summary: 'q',
        handler: ({ query, header }) => ({
          query,
          agent: header('x-agent') ?? null,
          none: header('x-none') ?? null,
        }),
      }),
      'core',
    );
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/typed-query',
        auth: 'public',
        summary: 'q',
        query: z.object({ n: z.coerce.number() }),
        handler: ({ query }) => ({ query }),
      }),
      'core',
    );
    const raw = await get('/raw-query?a=1&b=x&b=y', { headers: { 'x-agent': 'probe' } });
    assert.deepEqual(await raw.json(), { query: { a: '1', b: ['x', 'y'] }, agent: 'probe', none: null });
    assert.deepEqual(await (await get('/typed-query?n=4')).json(), { query: { n: 4 } });
    assert.equal((await get('/typed-query?n=four')).status, 400);
  });

  it('runs the guard of a static member route before its handler', async () => {
    let ran = 0;
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/mine',
        auth: 'member',
        summary: 'm',
        handler: ({ principal }) => {
          ran++;
          return { who: principal.userId };
        },
      }),
      'core',
    );
    assert.equal((await get('/mine')).status, 401);
    assert.equal(ran, 0);
    assert.deepEqual(await (await get('/mine', { headers: { 'x-test-user': 'ada' } })).json(), {
      who: 'ada',
    });
  });

  it('labels request metrics with the route pattern, static or not', async () => {
    await get('/ping');
    await get('/things/42');
    const text = await metrics.registry.metrics();
    assert.match(
      text,
      /quorra_http_request_duration_seconds_count\{method="GET",route="\/ping",status="200"\} \d+/,
    );
    assert.match(text, /route="\/things\/:id",status="200"/);
    assert.doesNotMatch(text, /route="\/things\/42"/);
  });

  it('gives a handler that looks after the client left an already aborted signal', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => {
      entered = r;
    });
    const seen: boolean[] = [];
    routes.add(
      defineRoute({
        method: 'GET',
        path: '/slow',
        auth: 'public',
        summary: 'slow',
        handler: async (req) => {
          entered();
          await hold;
          seen.push(req.signal.aborted);
          return { done: true };
        },
      }),
      'core',
    );
    const client = new AbortController();
    const pending = get('/slow', { signal: client.signal }).catch((err: Error) => err.name);
    await inHandler;
    const res = lastRes!;
    const closed = new Promise((r) => res.once('close', r));
    client.abort();
    assert.equal(await pending, 'AbortError');
    await closed;
    release();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(seen, [true]);
  });
});
