// Serving the admin UI: files with the right types and cache headers, SPA fallback, traversal refused, 503 unbuilt.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { adminUi } from '../../core/http/admin-ui.ts';
import { errorEnvelope } from '../../core/http/error-envelope.ts';
import { createLogger } from '../../core/logger.ts';
import { type BootedApp, bootApp, tempDir } from '../support/boot-app.ts';
import { addUser, call } from '../support/household.ts';
import { ensureUiBuilt } from './ui-build.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

// raw requests: fetch() would normalise `..` away before it ever reached the server
function rawGet(port: number, rawPath: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(errorEnvelope(createLogger('silent')));
  app.use(adminUi({ dir }));
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('admin UI static serving', () => {
  let root: string;
  let dist: string;
  let port: number;
  let close: () => Promise<void>;

  before(async () => {
    root = tempDir('quorra-admin-ui-');
    dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ui</title><quorra-app></quorra-app>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("ui")');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), 'body{}');
    writeFileSync(path.join(root, 'secret.txt'), 'TOP-SECRET');
    ({ port, close } = await serve(dist));
  });
  after(async () => {
    await close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html at /admin and /admin/ without caching it', async () => {
    for (const p of ['/admin', '/admin/', '/admin/index.html']) {
      const r = await rawGet(port, p);
      assert.equal(r.status, 200, p);
      assert.match(r.headers['content-type'] ?? '', /^text\/html/);
      assert.equal(r.headers['cache-control'], 'no-cache');
      assert.match(String(r.headers['content-security-policy']), /default-src 'self'/);
      assert.match(r.text, /<quorra-app>/);
    }
  });

  it('serves hashed assets with their content type and a long cache', async () => {
    const js = await rawGet(port, '/admin/assets/index-abc123.js');
    assert.equal(js.status, 200);
    assert.match(js.headers['content-type'] ?? '', /^text\/javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.headers['x-content-type-options'], 'nosniff');
    assert.equal(js.text, 'console.log("ui")');
    const css = await rawGet(port, '/admin/assets/index-abc123.css');
    assert.match(css.headers['content-type'] ?? '', /^text\/css/);
    const head = await rawGet(port, '/admin/assets/index-abc123.js', 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
  });

  it('falls back to index.html for paths without an extension, and 404s missing files', async () => {
    for (const p of ['/admin/memory', '/admin/some/deep/link', '/admin/assets']) {
      const r = await rawGet(port, p);
      assert.equal(r.status, 200, p);
      assert.match(r.text, /<quorra-app>/, p);
    }
    const missing = await rawGet(port, '/admin/assets/nope-123.js');
    assert.equal(missing.status, 404);
    assert.equal(JSON.parse(missing.text).error.code, 'NOT_FOUND');
  });

  it('refuses traversal however it is spelled', async () => {
    for (const p of [
      '/admin/../secret.txt',
      '/admin/assets/../../secret.txt',
      '/admin/%2e%2e/secret.txt',
      '/admin/assets/..%2f..%2fsecret.txt',
      '/admin/..%5csecret.txt',
      '/admin/%2e%2e%2fsecret',
      '/admin/x%00.js',
      '/admin/%E0%A4%A',
    ]) {
      const r = await rawGet(port, p);
      assert.equal(r.status, 400, p);
      assert.equal(JSON.parse(r.text).error.code, 'PATH_REFUSED', p);
      assert.doesNotMatch(r.text, /TOP-SECRET/, p);
    }
  });

  it('leaves other paths and methods to the rest of the app', async () => {
    assert.equal((await rawGet(port, '/administrator')).status, 404);
    assert.equal((await rawGet(port, '/health')).status, 404);
    assert.equal((await rawGet(port, '/admin/', 'POST')).status, 404);
  });

  it('answers 503 with the build command when the UI is not built', async () => {
    const empty = tempDir('quorra-admin-ui-empty-');
    const other = await serve(path.join(empty, 'dist'));
    try {
      for (const p of ['/admin', '/admin/memory', '/admin/assets/index-abc123.js']) {
        const r = await rawGet(other.port, p);
        assert.equal(r.status, 503, p);
        const body = JSON.parse(r.text);
        assert.equal(body.error.code, 'ADMIN_UI_NOT_BUILT');
        assert.match(body.error.message, /npm run build:ui/);
      }
    } finally {
      await other.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('admin UI mounted in the app', () => {
  let app: BootedApp;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp();
  });
  after(() => app.stop({ clean: true }));

  it('serves the built UI at /admin/ while /admin/* API routes stay the API', async () => {
    const page = await fetch(`${app.url}/admin/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<quorra-app>/);
    const asset = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(
      await (await fetch(`${app.url}/admin/`)).text(),
    )?.[1];
    assert.ok(asset, 'index.html references a hashed script');
    assert.equal((await fetch(`${app.url}${asset}`)).status, 200);
    const api = await call(app, null, 'GET', '/admin/plugins');
    assert.equal(api.status, 401);
    assert.equal(api.json.error.code, 'UNAUTHORIZED');
    const owner = await addUser(app, 'Olivia');
    assert.ok(Array.isArray((await call(app, owner, 'GET', '/admin/users')).json.users));
  });
});
