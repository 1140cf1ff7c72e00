// Owner administration: toggling plugins at runtime, listing users and the audit trail, and a user's approvals.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/plugins', import.meta.url));
const enginePlugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('admin routes', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [fixtures, enginePlugins] });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('lists plugins with their state for the owner only', async () => {
    const r = await call(app, owner, 'GET', '/admin/plugins');
    assert.equal(r.json.plugins.find((p: any) => p.id === 'echo').state, 'active');
    assert.equal(r.json.plugins.find((p: any) => p.id === 'thrower').state, 'failed');
    assert.equal((await call(app, member, 'GET', '/admin/plugins')).status, 403);
  });

  it('disables and re-enables a plugin without a restart, and audits it', async () => {
    const off = await call(app, owner, 'PUT', '/admin/plugins/uses-echo', { enabled: false });
    assert.equal(off.json.state, 'disabled');
    assert.equal((await fetch(`${app.url}/plugins/uses-echo/shout`)).status, 404);
    assert.equal(
      (await call(app, owner, 'PUT', '/admin/plugins/uses-echo', { enabled: true })).json.state,
      'active',
    );
    assert.equal((await fetch(`${app.url}/plugins/uses-echo/shout`)).status, 200);
    const audit = await call(app, owner, 'GET', '/admin/audit?limit=5');
    assert.ok(
      audit.json.entries.some((e: any) => e.tool === 'admin_set_plugin' && e.input.id === 'uses-echo'),
    );
  });

  it('answers 404 for an unknown plugin, 409 for a needed one, 400 for a bad body', async () => {
    assert.equal((await call(app, owner, 'PUT', '/admin/plugins/nope', { enabled: false })).status, 404);
    const needed = await call(app, owner, 'PUT', '/admin/plugins/echo', { enabled: false });
    assert.equal(needed.status, 409);
    assert.equal(needed.json.error.code, 'QUORRA_PLUGIN_HAS_DEPENDENTS');
    assert.equal((await call(app, owner, 'PUT', '/admin/plugins/echo', { enabled: 'no' })).status, 400);
  });

  it('lists users for the owner', async () => {
    const r = await call(app, owner, 'GET', '/admin/users');
    assert.deepEqual(r.json.users.map((u: any) => u.id).sort(), ['max', 'olivia']);
    assert.equal((await call(app, member, 'GET', '/admin/users')).status, 403);
  });

  it('GET /approvals adds what plugins wait on, per caller, and survives a failing source', async () => {
    const good = app.quorra.registries.approvals.add({
      name: 'drafts',
      pending: (u) =>
        u.role === 'owner' ? [{ description: 'reply to a guest', hint: '!quorra chores done 1' }] : [],
    });
    const bad = app.quorra.registries.approvals.add({
      name: 'broken',
      pending: () => {
        throw new Error('source down');
      },
    });
    try {
      const mine = await call(app, owner, 'GET', '/approvals');
      assert.deepEqual(mine.json.other, [
        {
          source: 'drafts',
          description: 'reply to a guest',
          hint: '!quorra chores done 1',
          created_at: null,
          actions: [],
        },
      ]);
      assert.ok(Array.isArray(mine.json.confirmations));
      assert.deepEqual((await call(app, member, 'GET', '/approvals')).json.other, []);
      assert.equal((await call(app, null, 'GET', '/approvals')).status, 401);
    } finally {
      await good.dispose();
      await bad.dispose();
    }
  });

  it('lists the caller’s own pending confirmations', async () => {
    model.next({ toolCalls: [{ name: 'test_delete_thing', arguments: { name: 'attic' } }] });
    await chat(app, member, { message: 'delete attic', scope: ['general'] });
    const mine = await call(app, member, 'GET', '/confirmations');
    assert.deepEqual(
      mine.json.pending.map((p: any) => p.description),
      ['delete the thing called attic'],
    );
    assert.deepEqual((await call(app, owner, 'GET', '/confirmations')).json.pending, []);
  });
});
