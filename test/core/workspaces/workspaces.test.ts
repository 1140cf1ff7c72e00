// Workspaces over HTTP: owner-only creation with rollback, lookups, scope ⊆ bindings, personas, the prompt list.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Workspace } from '../../../core/workspaces/workspace.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('workspaces', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const create = (body: unknown, who = owner) => call(app, who, 'POST', '/workspaces', body);

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins] });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('lets the owner create one: 201 with a kebab-case slug, bindings and a vault folder', async () => {
    const r = await create({
      name: 'Garden Project',
      description: 'Raised beds and the greenhouse',
      services: ['general', { service: 'finance', data_window: { accounts: ['garden'] }, max_tier: 1 }],
      matrix_room_id: '!garden:home.test',
    });
    assert.equal(r.status, 201);
    assert.equal(r.json.slug, 'garden-project');
    assert.deepEqual(r.json.services, [
      { service: 'general', data_window: {}, max_tier: 2 },
      { service: 'finance', data_window: { accounts: ['garden'] }, max_tier: 1 },
    ]);
    assert.ok(existsSync(path.join(app.dataDir, 'vault/workspaces/garden-project')));
  });

  it('suffixes a colliding slug, and never hands out the reserved `personal`', async () => {
    assert.equal(
      (await create({ name: 'Garden project!', services: ['general'] })).json.slug,
      'garden-project-2',
    );
    assert.equal((await create({ name: 'Personal', services: ['general'] })).json.slug, 'personal-2');
  });

  it('refuses members (403) and bad bodies (400) without writing anything', async () => {
    const before = await app.quorra.db.getRepository(Workspace).count();
    assert.equal((await create({ name: 'Nope', services: ['general'] }, member)).status, 403);
    assert.equal((await create({ name: '', services: ['general'] })).json.error.code, 'VALIDATION_FAILED');
    assert.equal((await create({ name: 'X', services: [] })).status, 400);
    assert.equal((await create({ name: 'X', services: ['general', 'general'] })).status, 400);
    assert.equal((await create({ name: 'X', services: ['astrology'] })).json.error.code, 'UNKNOWN_SERVICE');
    assert.equal(
      (await create({ name: 'X', services: ['general'], personas: ['guest-concierge'] })).json.error.code,
      'PERSONA_NOT_ALLOWED',
    );
    assert.equal(await app.quorra.db.getRepository(Workspace).count(), before);
  });

  it('refuses a second workspace with the same name (409 naming it) unless asked for explicitly', async () => {
    assert.equal((await create({ name: 'Boat Shed', services: ['general'] })).status, 201);
    for (const name of ['Boat Shed', 'boat  shed', 'Boat\u200B Shed', '\u202EBoat Shed']) {
      const again = await create({ name, services: ['general'] });
      assert.equal(again.status, 409, name);
      assert.equal(again.json.error.code, 'WORKSPACE_NAME_TAKEN');
      assert.match(again.json.error.message, /"Boat Shed" exists \(boat-shed\)/);
      assert.equal(again.json.error.details.existing, 'boat-shed');
    }
    const second = await create({ name: 'Boat Shed', services: ['general'], allow_duplicate_name: true });
    assert.equal(second.status, 201);
    assert.equal(second.json.slug, 'boat-shed-2');
  });

  it('stores names without invisible or direction-changing characters; refuses NUL and lone surrogates', async () => {
    const r = await create({
      name: 'Pool\u202E 1 yrrac\u200D\u2066 \u0007House',
      description: 'a\u0000',
      services: ['general'],
    });
    assert.equal(r.status, 400, 'NUL in the description');
    assert.equal(r.json.error.details[0].path, 'description');
    const ok = await create({ name: 'Pool\u202E 1 yrrac\u200D\u2066 \u0007House\n', services: ['general'] });
    assert.equal(ok.status, 201);
    assert.equal(ok.json.name, 'Pool 1 yrrac House');
    const blank = await create({ name: '\u200B\u202E', services: ['general'] });
    assert.equal(blank.status, 400);
    assert.equal(blank.json.error.details[0].path, 'name');
    const stored = await app.quorra.db.getRepository(Workspace).findOneByOrFail({ slug: ok.json.slug });
    assert.equal(stored.name, 'Pool 1 yrrac House');
  });

  it('rolls back completely when the write fails: no row, no folder', async () => {
    const r = await create({
      name: 'Second Garden Room',
      services: ['general'],
      matrix_room_id: '!garden:home.test',
    });
    assert.equal(r.status, 409);
    assert.equal(r.json.error.code, 'ROOM_TAKEN');
    assert.equal(await app.quorra.workspaces.get('second-garden-room'), null);
    assert.equal(existsSync(path.join(app.dataDir, 'vault/workspaces/second-garden-room')), false);
  });

  it('lists workspaces and finds one by its room', async () => {
    await call(app, owner, 'PUT', `/workspaces/garden-project/members/${member.id}`);
    const list = await call(app, member, 'GET', '/workspaces');
    assert.ok(list.json.workspaces.some((w: any) => w.slug === 'garden-project'));
    assert.equal(
      (await call(app, member, 'GET', `/workspaces/by-room/${encodeURIComponent('!garden:home.test')}`)).json
        .slug,
      'garden-project',
    );
    assert.equal((await call(app, member, 'GET', '/workspaces/by-room/!none:x')).status, 404);
  });

  it('keeps a session’s scope inside the workspace’s bound services', async () => {
    await create({ name: 'Cabin', services: ['general'], kind: 'hosting' });
    const outside = await chat(app, owner, { message: 'budget?', workspace: 'cabin', scope: ['finance'] });
    assert.equal(outside.status, 400);
    assert.equal(outside.json.error.code, 'SCOPE_NOT_BOUND');
    assert.equal(
      (await chat(app, owner, { message: 'x', workspace: 'atlantis' })).json.error.code,
      'UNKNOWN_WORKSPACE',
    );
  });

  it('derives the owner’s in-workspace scope from the bindings', async () => {
    await chat(app, owner, { message: 'hello garden', workspace: 'garden-project' });
    const tools = model.chatRequests()[0].body.tools.map((t: any) => t.function.name);
    assert.ok(tools.includes('finance_secret_op'));
    assert.ok(tools.includes('test_read_thing'));
    assert.match(systemPromptOf(model.chatRequests()[0].body), /## Scope: finance/);
  });

  it('applies a binding’s tier ceiling to the tools offered in the workspace', async () => {
    await create({ name: 'Read Only', services: [{ service: 'general', max_tier: 0 }] });
    await chat(app, owner, { message: 'hi', workspace: 'read-only' });
    const names = model.chatRequests()[0].body.tools.map((t: any) => t.function.name);
    assert.ok(names.includes('test_read_thing') && names.includes('memory_recall'));
    for (const higher of ['test_log_thing', 'test_delete_thing', 'memory_save'])
      assert.ok(!names.includes(higher), higher);
    model
      .next({ toolCalls: [{ name: 'test_delete_thing', arguments: { name: 'x' } }] })
      .next({ content: 'no' });
    const r = await chat(app, owner, { message: 'delete x', workspace: 'read-only' });
    assert.equal(r.json.pending_confirmation, undefined, 'a tool above the ceiling cannot even be drafted');
  });

  it('lists workspaces (name and description only) in personal chat, not inside a workspace', async () => {
    await chat(app, owner, { message: 'personal', scope: ['general'] });
    const personal = systemPromptOf(model.chatRequests()[0].body);
    assert.match(personal, /## Workspaces/);
    assert.match(personal, /- Garden Project: Raised beds and the greenhouse/);
    assert.doesNotMatch(personal, /garden-project|!garden/);
    await chat(app, owner, { message: 'in ws', workspace: 'cabin' });
    assert.doesNotMatch(systemPromptOf(model.chatRequests()[1].body), /## Workspaces/);
  });

  it('opens guest sessions only where the guest concierge is offered', async () => {
    const engine = app.quorra.conversation.engine;
    await assert.rejects(
      engine.handle({
        principal: { kind: 'reservation', reservationId: 'r1', workspace: 'garden-project' },
        message: 'hi',
      }),
      { code: 'PERSONA_NOT_OFFERED' },
    );
    const ok = await engine.handle({
      principal: { kind: 'reservation', reservationId: 'r1', workspace: 'cabin' },
      message: 'hi',
      scope: ['general'],
    });
    assert.ok(ok.sessionId);
  });
});
