// The error envelope over real HTTP: 404, invalid JSON, validation, body too large, internal errors.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/plugins', import.meta.url));

describe('HTTP error envelope', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ pluginRoots: [fixtures], config: { server: { bodyLimitBytes: 2048 } } });
    app.quorra.routes.add(
      {
        method: 'GET',
        path: '/test/boom',
        auth: 'public',
        summary: 'boom',
        handler: () => {
          throw new Error('secret internals at /srv/thing');
        },
      },
      'test',
    );
  });
  after(() => app.stop({ clean: true }));

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('answers unknown routes with 404 NOT_FOUND', async () => {
    const res = await fetch(`${app.url}/nowhere`);
    assert.equal(res.status, 404);
    assert.deepEqual(((await res.json()) as any).error.code, 'NOT_FOUND');
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await post('/plugins/echo/say', '{"text": ');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'INVALID_JSON');
  });

  it('answers a body that fails validation with 400 and the issue list', async () => {
    const res = await post('/plugins/echo/say', JSON.stringify({ text: '', extra: 1 }));
    assert.equal(res.status, 400);
    const body = (await res.json()) as any;
    assert.equal(body.error.code, 'VALIDATION_FAILED');
    const paths = body.error.details.map((d: any) => d.path);
    assert.ok(paths.includes('text'));
    assert.ok(body.error.details.some((d: any) => d.code === 'unrecognized_keys'));
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await post('/plugins/echo/say', JSON.stringify({ text: 'x'.repeat(5000) }));
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as any).error.code, 'PAYLOAD_TOO_LARGE');
  });

  it('hides internal errors behind 500 INTERNAL without leaking the message', async () => {
    const res = await fetch(`${app.url}/test/boom`);
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.equal(JSON.parse(text).error.code, 'INTERNAL');
    assert.doesNotMatch(text, /secret internals/);
  });
});
