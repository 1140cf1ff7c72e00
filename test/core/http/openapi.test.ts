// /openapi.json: valid OpenAPI 3.1, every core and plugin route in it, and the endpoint tables in docs/ agreeing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { rootDir } from '../../../core/build-info.ts';
import { openApiPath } from '../../../core/http/openapi.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every `METHOD /path` named in the first cell of a docs table row (`GET/PUT /x` names two). */
function docsEndpoints(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cell = line.split('|')[1] ?? '';
    for (const [, span] of cell.matchAll(/`([^`]+)`/g)) {
      const m = /^([A-Z]+(?:\/[A-Z]+)*) (\/\S*)(?: .*)?$/.exec(span);
      if (!m) continue;
      for (const method of m[1].split('/'))
        if (methods.includes(method)) found.add(`${method} ${openApiPath(m[2])}`);
    }
  }
  return found;
}

/** Every `METHOD /path` in an OpenAPI document. */
function documented(doc: any): Set<string> {
  const out = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, object>))
    for (const method of Object.keys(ops)) out.add(`${method.toUpperCase()} ${path}`);
  return out;
}

describe('GET /openapi.json', () => {
  let app: BootedApp;
  let doc: any;
  before(async () => {
    app = await bootApp();
    doc = await (await fetch(`${app.url}/openapi.json`)).json();
  });
  after(() => app.stop({ clean: true }));

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    assert.equal(validator.version, '3.1');
  });

  it('covers every route, core and plugin, with its auth, its zod-declared input and response', () => {
    const routes = app.quorra.routes.list();
    assert.ok(
      routes.some((r) => r.owner !== 'core'),
      'plugin routes are in the table',
    );
    assert.deepEqual(documented(doc), new Set(routes.map((r) => `${r.def.method} ${openApiPath(r.path)}`)));
    const send = doc.paths['/approvals/{id}/edit'].post;
    assert.deepEqual(send.security, [{ bearer: [] }]);
    assert.equal(send.parameters[0].schema.type, 'integer');
    assert.equal(send.requestBody.content['application/json'].schema.properties.text.type, 'string');
    assert.deepEqual(doc.paths['/plugins/concierge/webhook'].post.security, [{ signature: [] }]);
    assert.equal(doc.paths['/health'].get.security, undefined);
    // a route's response schema is published, dates in their wire form
    const users = doc.paths['/admin/users'].get.responses['2XX'].content['application/json'].schema;
    const person = users.properties.users.items;
    assert.deepEqual(users.required, ['users', 'removal_effects']);
    assert.equal(person.additionalProperties, false);
    assert.equal(person.properties.created_at.format, 'date-time');
  });

  it('drops a disabled plugin’s routes', async () => {
    await app.quorra.plugins.setEnabled('diagnostics', false);
    const after = await (await fetch(`${app.url}/openapi.json`)).json();
    assert.equal(after.paths['/plugins/diagnostics/health'], undefined);
    await app.quorra.plugins.setEnabled('diagnostics', true);
  });

  it('matches the endpoint tables in docs/, both ways', () => {
    const docs = readdirSync(`${rootDir}/docs`).filter((f) => f.endsWith('.md'));
    const listed = docsEndpoints(docs.map((f) => readFileSync(`${rootDir}/docs/${f}`, 'utf8')).join('\n'));
    const api = documented(doc);
    assert.deepEqual(
      [...api].filter((e) => !listed.has(e)),
      [],
      'routes the docs tables do not list',
    );
    assert.deepEqual(
      [...listed].filter((e) => !api.has(e)),
      [],
      'endpoints in docs/ that do not exist',
    );
  });
});
