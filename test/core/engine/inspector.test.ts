// The turn inspector: owner-only, developer_mode-gated, per-user records, never recording the guest path.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { ReservationPrincipal } from '../../../core/contracts/principal.ts';
import { TurnInspector } from '../../../core/engine/turn-inspector.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('turn inspector', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let owner2: TestUser;
  let member: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins], config: { developerMode: true } });
    owner = await addUser(app, 'Olivia');
    owner2 = await addUser(app, 'Oscar');
    member = await addUser(app, 'Max', 'member');
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('shows the owner what each model call was sent, including tool results', async () => {
    model
      .next({ toolCalls: [{ name: 'test_read_thing', arguments: { name: 'fridge' } }] })
      .next({ content: 'ok' });
    await chat(app, owner, { message: 'inspect me', scope: ['general'] });
    const { json } = await call(app, owner, 'GET', '/inspect/turns');
    assert.equal(json.turns.length, 2);
    const [second, first] = json.turns;
    assert.match(first.payload, /You are Quorra/);
    assert.match(first.payload, /test_read_thing/);
    assert.match(second.payload, /value of fridge/);
    assert.equal(first.truncated, false);
    assert.equal((await call(app, owner, 'GET', `/inspect/turns/${first.id}`)).json.id, first.id);
  });

  it('hides one owner’s records from another (404) and refuses members (403)', async () => {
    const { json } = await call(app, owner, 'GET', '/inspect/turns');
    assert.equal((await call(app, owner2, 'GET', `/inspect/turns/${json.turns[0].id}`)).status, 404);
    assert.deepEqual((await call(app, owner2, 'GET', '/inspect/turns')).json.turns, []);
    assert.equal((await call(app, member, 'GET', '/inspect/turns')).status, 403);
  });

  it('deletes the owner’s records on request', async () => {
    assert.ok((await call(app, owner, 'DELETE', '/inspect/turns')).json.deleted >= 2);
    assert.deepEqual((await call(app, owner, 'GET', '/inspect/turns')).json.turns, []);
  });

  it('never records a guest turn, and a guest gets no household tools', async () => {
    await app.quorra.workspaces.create({ name: 'Cabin', kind: 'hosting', services: ['general'] }, owner.id);
    const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-1', workspace: 'cabin' };
    model.reset();
    const r = await app.quorra.conversation.engine.handle({
      principal: guest,
      message: 'where is the wifi password?',
      scope: ['general'],
    });
    assert.ok(r.sessionId);
    assert.equal(model.chatRequests()[0].body.tools, undefined);
    assert.match(model.chatRequests()[0].body.messages[0].content, /concierge for a rental property/);
    assert.deepEqual((await call(app, owner, 'GET', '/inspect/turns')).json.turns, []);
  });

  it('is a 404 while developer_mode is off', async () => {
    const off = await bootApp({ model });
    try {
      const o = await addUser(off, 'Olivia');
      assert.equal((await call(off, o, 'GET', '/inspect/turns')).status, 404);
    } finally {
      await off.stop({ clean: true });
    }
  });

  it('bounds records by count and bytes, marking truncation', () => {
    const ring = new TurnInspector(3, 1000);
    for (let i = 0; i < 5; i++)
      ring.begin({
        userId: 'u',
        sessionId: 's',
        round: i,
        payload: { text: 'x'.repeat(i === 4 ? 5000 : 10) },
      });
    const list = ring.list('u');
    assert.equal(list.length, 3);
    assert.equal(list[0].round, 4);
    assert.equal(list[0].truncated, true);
    assert.ok(Buffer.byteLength(list[0].payload) <= 1004);
  });
});
