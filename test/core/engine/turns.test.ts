// Turns: typed outcomes instead of thrown HTTP errors, and the one stale-session retry every caller relies on.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('turns', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  const principal = () => ({ kind: 'user', userId: owner.id, role: 'owner', displayName: 'Olivia' }) as const;
  const turns = () => app.quorra.conversation.turns;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, listen: false });
    owner = await addUser(app, 'Olivia', 'owner');
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('answers with the reply and a new session', async () => {
    model.next({ content: 'Hello Olivia.' });
    const out = await turns().run({ principal: principal(), message: 'hi' });
    assert.equal(out.kind, 'reply');
    assert.ok(out.kind === 'reply' && out.sessionId && !out.restarted);
    assert.equal(out.kind === 'reply' && out.reply, 'Hello Olivia.');
  });

  it('continues a named session', async () => {
    model.next({ content: 'one' }).next({ content: 'two' });
    const first = await turns().run({ principal: principal(), message: 'first' });
    assert.equal(first.kind, 'reply');
    const second = await turns().run({
      principal: principal(),
      message: 'second',
      sessionId: first.kind === 'reply' ? first.sessionId : null,
    });
    assert.deepEqual(
      second.kind === 'reply' && [
        second.sessionId === (first.kind === 'reply' && first.sessionId),
        second.restarted,
      ],
      [true, false],
    );
  });

  it('starts a fresh session, with the scope, when the named one is gone', async () => {
    model.next({ content: 'fresh' });
    const out = await turns().run({ principal: principal(), message: 'hi', sessionId: 'no-such-session' });
    assert.equal(out.kind, 'reply');
    assert.ok(out.kind === 'reply' && out.restarted && out.sessionId !== 'no-such-session');
  });

  it('starts a fresh session when the named one belongs to another workspace', async () => {
    await app.quorra.workspaces.create({ name: 'Cabin', kind: 'household', services: ['general'] }, owner.id);
    model.next({ content: 'a' }).next({ content: 'b' });
    const personal = await turns().run({ principal: principal(), message: 'hi', workspace: null });
    assert.equal(personal.kind, 'reply');
    const moved = await turns().run({
      principal: principal(),
      message: 'now in the cabin',
      workspace: 'cabin',
      sessionId: personal.kind === 'reply' ? personal.sessionId : null,
    });
    assert.ok(moved.kind === 'reply' && moved.restarted);
  });

  it('reports a stale session instead of retrying when a confirmation is being answered', async () => {
    const out = await turns().run({
      principal: principal(),
      message: 'yes',
      sessionId: 'no-such-session',
      confirmationId: 'c-1',
    });
    assert.equal(out.kind, 'stale-session');
    assert.equal(out.kind === 'stale-session' && out.error.code, 'NOT_FOUND');
    assert.equal(model.chatRequests().length, 0);
  });

  it('refuses bad input with a coded error, and never calls the model', async () => {
    const out = await turns().run({ principal: principal(), message: 'hi', scope: ['nonsense'] });
    assert.equal(out.kind, 'refused');
    assert.equal(out.kind === 'refused' && out.error.code, 'BAD_REQUEST');
    const guest = await turns().run({
      principal: { kind: 'reservation', reservationId: 'r1', workspace: 'cabin' },
      persona: 'owner',
      message: 'let me in',
    });
    assert.equal(guest.kind, 'refused');
    assert.equal(guest.kind === 'refused' && guest.error.kind, 'forbidden');
    assert.equal(model.chatRequests().length, 0);
  });

  it('reports a model failure as failed, with the model’s code', async () => {
    model.next({ status: 500 });
    const out = await turns().run({ principal: principal(), message: 'hi' });
    assert.equal(out.kind, 'failed');
    assert.equal(out.kind === 'failed' && out.error.code, 'MODEL_ERROR');
  });
});
