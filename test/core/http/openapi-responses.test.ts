// The response schemas core routes declare (and /openapi.json publishes) are what they answer: every core GET
// route without path parameters is called as the owner and its JSON parsed with the route's strict schema.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

describe('core route responses', () => {
  let app: BootedApp;
  let owner: TestUser;
  const schemaOf = (method: string, path: string) =>
    app.quorra.routes.list().find((r) => r.def.method === method && r.path === path)?.def.response;

  before(async () => {
    // developer mode, so the turn inspector answers too
    app = await bootApp({ config: { developerMode: true } });
    owner = await addUser(app, 'Olivia');
    // something in each list, so the item schemas are exercised too
    await call(app, owner, 'POST', '/tokens', { label: 'laptop' });
    await call(app, owner, 'POST', '/memory', { content: 'Olivia likes tea', kind: 'preference' });
  });
  after(() => app.stop({ clean: true }));

  it('answers what the schema says, for the routes that create', async () => {
    const token = await call(app, owner, 'POST', '/tokens', { label: 'phone' });
    assert.equal(token.status, 201);
    schemaOf('POST', '/tokens')!.parse(token.json);
    const memory = await call(app, owner, 'POST', '/household/memory', { content: 'Bins go out on Tuesday' });
    assert.equal(memory.status, 201, JSON.stringify(memory.json));
    schemaOf('POST', '/household/memory')!.parse(memory.json);
  });

  it('answers every core GET route’s declared shape, extra fields included', async () => {
    const routes = app.quorra.routes
      .list()
      .filter((r) => r.owner === 'core' && r.def.method === 'GET' && r.def.response && !r.path.includes(':'));
    assert.ok(routes.length >= 10, `only ${routes.length} routes checked`);
    const checked: string[] = [];
    for (const r of routes) {
      const res = await call(app, owner, 'GET', r.path);
      // the bot's joined rooms come from the homeserver, and this app has no Matrix connection
      if (r.path === '/matrix/joined-rooms') {
        assert.equal(res.status, 503);
        continue;
      }
      assert.equal(res.status, 200, `${r.path}: ${JSON.stringify(res.json)}`);
      const parsed = r.def.response!.safeParse(res.json);
      assert.ok(parsed.success, `${r.path}: ${parsed.error?.message}`);
      checked.push(r.path);
    }
    for (const path of [
      '/health/details',
      '/admin/audit',
      '/owner/memories',
      '/memory/mine',
      '/inspect/turns',
    ])
      assert.ok(checked.includes(path), `${path} was not checked`);
  });

  it('answers the plugin settings routes’ declared shape, reading and saving', async () => {
    const plugins = (await call(app, owner, 'GET', '/admin/plugins')).json.plugins as { id: string }[];
    const withSettings = plugins.filter((p) => app.quorra.plugins.definition(p.id)?.settings);
    assert.ok(withSettings.length >= 2, `only ${withSettings.length} plugins with settings`);
    for (const { id } of withSettings) {
      const read = await call(app, owner, 'GET', `/admin/plugins/${id}/settings`);
      assert.equal(read.status, 200, `${id}: ${JSON.stringify(read.json)}`);
      const parsed = schemaOf('GET', '/admin/plugins/:id/settings')!.safeParse(read.json);
      assert.ok(parsed.success, `${id}: ${parsed.error?.message}`);
    }
    const { id } = withSettings[0]!;
    const current = (await call(app, owner, 'GET', `/admin/plugins/${id}/settings`)).json.values;
    const saved = await call(app, owner, 'PUT', `/admin/plugins/${id}/settings`, current);
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    schemaOf('PUT', '/admin/plugins/:id/settings')!.parse(saved.json);
  });
});
