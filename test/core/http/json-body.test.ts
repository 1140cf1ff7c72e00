// The request edge: prototype keys, broken UTF-8, NUL and lone surrogates, depth and size never reach a route or the log.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Memory } from '../../../core/memory/memory.entity.ts';
import { Workspace } from '../../../core/workspaces/workspace.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, readResponse, type TestUser } from '../../support/household.ts';
import { captureLog, type LogCapture } from '../../support/log-capture.ts';

const post = async (
  app: BootedApp,
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
) =>
  readResponse(
    await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body as BodyInit,
    }),
  );

describe('the JSON request edge', () => {
  let app: BootedApp;
  let log: LogCapture;
  let owner: TestUser;

  before(async () => {
    log = captureLog('info');
    app = await bootApp({ logger: log.logger });
    owner = await addUser(app, 'Olivia');
  });
  after(() => app.stop({ clean: true }));

  it('answers a __proto__ key with 400 INVALID_JSON on every path, before and after authentication', async () => {
    const bodies = [
      '{"__proto__":{"polluted":true}}',
      '{"message":"hi","nested":{"__proto__":{"polluted":true}}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ];
    for (const path of ['/chat', '/no/such/route', '/plugins/concierge/webhook', '/workspaces', '/memories'])
      for (const raw of bodies) {
        for (const headers of [{}, { authorization: owner.headers.authorization }] as Record<
          string,
          string
        >[]) {
          const r = await post(app, path, raw, headers);
          assert.equal(r.status, 400, `${path} ${raw}`);
          assert.equal(r.json.error.code, 'INVALID_JSON');
        }
      }
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
    assert.equal(await app.quorra.db.getRepository(Workspace).count(), 0);
    assert.equal(await app.quorra.db.getRepository(Memory).count(), 0);
  });

  it('refuses bodies that are not UTF-8, too deep or too large with a 4xx', async () => {
    const bad = await post(
      app,
      '/chat',
      new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    );
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /UTF-8/);
    const deep = await post(app, '/chat', `${'['.repeat(5000)}${']'.repeat(5000)}`, owner.headers);
    assert.equal(deep.status, 400);
    assert.equal(deep.json.error.code, 'INVALID_JSON');
    const big = await post(app, '/chat', JSON.stringify({ message: 'x'.repeat(1_100_000) }), owner.headers);
    assert.equal(big.status, 413);
    const latin1 = await post(app, '/chat', '{}', { 'content-type': 'application/json; charset=latin1' });
    assert.equal(latin1.status, 400);
    assert.equal(latin1.json.error.code, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('reads the body under every JSON Content-Type, the common spellings and the rest alike, and no other', async () => {
    const polluted = '{"__proto__":{"polluted":true}}';
    const json = [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=utf-8',
      'Application/JSON; Charset=UTF-8',
      'application/json; charset=utf8',
      'application/vnd.api+json',
      'application/problem+json; charset=utf-8',
    ];
    for (const type of json) {
      const r = await post(app, '/chat', polluted, { ...owner.headers, 'content-type': type });
      assert.equal(r.status, 400, type);
      assert.equal(r.json.error.code, 'INVALID_JSON', type);
    }
    // not JSON: the edge leaves the body unread and the route finds no message
    for (const type of ['text/plain', 'application/jsonx', 'application/x-www-form-urlencoded']) {
      const r = await post(app, '/chat', polluted, { ...owner.headers, 'content-type': type });
      assert.equal(r.status, 400, type);
      assert.equal(r.json.error.code, 'VALIDATION_FAILED', type);
    }
    for (const type of ['application/json; charset=latin1', 'application/json; charset=utf-16']) {
      const r = await post(app, '/chat', '{}', { ...owner.headers, 'content-type': type });
      assert.equal(r.json.error.code, 'UNSUPPORTED_MEDIA_TYPE', type);
    }
  });

  it('refuses a NUL or a lone surrogate anywhere in the body with 400 and the field path', async () => {
    const nul = await post(
      app,
      '/chat',
      JSON.stringify({ message: 'hi', scope: ['a\u0000'] }),
      owner.headers,
    );
    assert.equal(nul.status, 400);
    assert.equal(nul.json.error.code, 'VALIDATION_FAILED');
    assert.equal(nul.json.error.details[0].path, 'scope.0');
    assert.match(nul.json.error.details[0].message, /NUL/);
    const lone = await post(
      app,
      '/workspaces',
      '{"name":"Lake \\ud800 House","services":["general"]}',
      owner.headers,
    );
    assert.equal(lone.status, 400);
    assert.equal(lone.json.error.details[0].path, 'name');
    assert.match(lone.json.error.details[0].message, /surrogate/);
    assert.equal(await app.quorra.db.getRepository(Workspace).count(), 0);
  });

  it('never logs a request body and echoes at most 200 characters of input', async () => {
    const before = log.bytes();
    const marker = 'BODYMARKER';
    const huge = `{"__proto__":1,"pad":"${marker}${'z'.repeat(900_000)}"}`;
    for (let i = 0; i < 5; i++) assert.equal((await post(app, '/chat', huge)).status, 400);
    const unknown = await post(app, `/${'p'.repeat(5000)}`, '{}');
    assert.equal(unknown.status, 404);
    assert.ok(unknown.json.error.message.length <= 220, 'the echoed path is truncated');
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}${'q'.repeat(400)}`, 1]));
    const many = await post(app, '/chat', JSON.stringify({ message: 'hi', ...keys }), owner.headers);
    assert.equal(many.status, 400);
    assert.ok(many.json.error.details.length <= 21);
    for (const d of many.json.error.details) assert.ok(d.message.length <= 200 && d.path.length <= 200);
    const grown = log.bytes() - before;
    assert.ok(grown < 7 * 1000, `log grew ${grown} bytes for 7 rejected requests`);
    assert.ok(!log.text().includes(marker));
  });

  it('answers 413 to a chunked body that grows past the limit, and a client leaving mid-body ends the request', async () => {
    const chunked = (opts: { leaveAfter?: number } = {}) =>
      new Promise<string>((resolve) => {
        const req = request(
          `${app.url}/chat`,
          { method: 'POST', headers: { ...owner.headers, 'transfer-encoding': 'chunked' } },
          (res) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => resolve(`${res.statusCode} ${text}`));
          },
        );
        let left = false;
        req.on('error', (err) => {
          if (!left) resolve(`client error ${err.message}`);
        });
        req.write('{"message":"');
        let sent = 0;
        const pump = () => {
          while (sent < 1_500_000) {
            sent += 65_536;
            if (opts.leaveAfter && sent > opts.leaveAfter) {
              left = true;
              req.destroy();
              resolve('left');
              return;
            }
            if (!req.write('x'.repeat(65_536))) return void req.once('drain', pump);
          }
          req.end('"}');
        };
        pump();
      });
    const big = await chunked();
    assert.match(big, /^413 .*PAYLOAD_TOO_LARGE/);
    // the request metrics count the abandoned request once the server has seen the client go
    const incomplete = async () =>
      [
        ...(await app.quorra.metrics.registry.metrics()).matchAll(
          /quorra_http_request_duration_seconds_count\{method="POST",[^}]*\} (\d+)/g,
        ),
      ].reduce((n, m) => n + Number(m[1]), 0);
    const counted = await incomplete();
    const before = log.text().length;
    assert.equal(await chunked({ leaveAfter: 200_000 }), 'left');
    for (let i = 0; i < 100 && (await incomplete()) === counted; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(await incomplete(), counted + 1, 'the abandoned request ended');
    assert.equal((await fetch(`${app.url}/health`)).status, 200, 'the server still answers');
    assert.doesNotMatch(
      log.text().slice(before),
      /request failed|response not completed/,
      'a client leaving is routine',
    );
  });
});
