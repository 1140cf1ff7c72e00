// Editing a workspace over HTTP: only the fields sent change, the slug and vault folder stay, a new services list
// takes effect from the next turn, and every refusal leaves the workspace exactly as it was.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('workspace edits', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const edit = (slug: string, body: unknown, who = owner) =>
    call(app, who, 'PATCH', `/workspaces/${slug}`, body);
  const read = async (slug: string) =>
    (await call(app, owner, 'GET', '/workspaces')).json.workspaces.find((w: any) => w.slug === slug);

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins] });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    for (const body of [
      { name: 'Allotment', services: ['general', 'finance'], matrix_room_id: '!allot:home.test' },
      { name: 'Choir', services: ['general'], matrix_room_id: '!choir:home.test' },
      { name: 'Flat', services: ['general'], kind: 'hosting' },
    ])
      assert.equal((await call(app, owner, 'POST', '/workspaces', body)).status, 201);
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('changes only what was sent, keeping the slug and the vault folder', async () => {
    const before = await read('allotment');
    const r = await edit('allotment', { name: 'Allotment plot 12', description: 'Plot by the river' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.slug, 'allotment');
    assert.equal(r.json.name, 'Allotment plot 12');
    assert.equal(r.json.description, 'Plot by the river');
    assert.deepEqual((await read('allotment')).services, before.services);
    assert.equal((await read('allotment')).matrix_room_id, '!allot:home.test');
    assert.ok(existsSync(path.join(app.dataDir, 'vault/workspaces/allotment')));
  });

  it('replaces the services: a running session loses a removed one’s tools from its next turn', async () => {
    model.next({ content: 'ok' });
    const inside = await chat(app, owner, { message: 'spend?', workspace: 'allotment' });
    assert.equal(inside.status, 200, JSON.stringify(inside.json));
    const toolsOf = (i: number) => model.chatRequests()[i]!.body.tools.map((t: any) => t.function.name);
    assert.ok(toolsOf(0).includes('finance_secret_op'));
    const r = await edit('allotment', { services: ['general'] });
    assert.deepEqual(
      r.json.services.map((s: any) => s.service),
      ['general'],
    );
    model.next({ content: 'ok' });
    const next = await chat(app, owner, { message: 'and now?', session_id: inside.json.session_id });
    assert.equal(next.status, 200, JSON.stringify(next.json));
    assert.equal(next.json.session_id, inside.json.session_id);
    assert.ok(!toolsOf(1).includes('finance_secret_op'), 'the removed service’s tool is still offered');
    assert.ok(toolsOf(1).includes('test_read_thing'));
    const fresh = await chat(app, owner, { message: 'spend?', workspace: 'allotment', scope: ['finance'] });
    assert.equal(fresh.status, 400);
    assert.equal(fresh.json.error.code, 'SCOPE_NOT_BOUND');
  });

  it('moves a workspace to another room and unbinds it with null', async () => {
    const moved = await edit('choir', { matrix_room_id: '!choir2:home.test' });
    assert.equal(moved.status, 200);
    const byRoom = (room: string) =>
      call(app, owner, 'GET', `/workspaces/by-room/${encodeURIComponent(room)}`);
    assert.equal((await byRoom('!choir2:home.test')).json.slug, 'choir');
    assert.equal((await byRoom('!choir:home.test')).status, 404);
    assert.equal((await edit('choir', { matrix_room_id: null })).json.matrix_room_id, null);
    assert.equal((await byRoom('!choir2:home.test')).status, 404);
  });

  it('refuses members, unknown workspaces and bad edits, leaving the workspace as it was', async () => {
    const before = await read('choir');
    const refusals: [unknown, number, string?][] = [
      [{}, 400],
      [{ kind: 'hosting' }, 400],
      [{ name: '' }, 400],
      [{ services: ['general', 'astrology'] }, 400, 'UNKNOWN_SERVICE'],
      [{ personas: ['owner', 'guest-concierge'] }, 400, 'PERSONA_NOT_ALLOWED'],
      [{ personas: ['owner', 'wizard'] }, 400, 'UNKNOWN_PERSONA'],
      [{ name: 'allotment PLOT 12' }, 409, 'WORKSPACE_NAME_TAKEN'],
      [{ matrix_room_id: '!allot:home.test', name: 'Renamed' }, 409, 'ROOM_TAKEN'],
      [{ matrix_room_id: 'not a room' }, 400],
    ];
    for (const [body, status, code] of refusals) {
      const r = await edit('choir', body);
      assert.equal(r.status, status, `${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
      if (code) assert.equal(r.json.error.code, code, JSON.stringify(body));
    }
    assert.equal((await edit('choir', { name: 'Hacked' }, member)).status, 403);
    assert.equal((await edit('atlantis', { name: 'Atlantis' })).status, 404);
    assert.deepEqual(await read('choir'), before);
  });

  it('takes a duplicate name when asked explicitly, and the guest concierge only in a hosting workspace', async () => {
    const dup = await edit('choir', { name: 'Allotment plot 12', allow_duplicate_name: true });
    assert.equal(dup.status, 200);
    const flat = await edit('flat', { personas: ['guest-concierge'] });
    assert.equal(flat.status, 200, JSON.stringify(flat.json));
    assert.deepEqual(flat.json.personas, ['guest-concierge']);
  });
});
