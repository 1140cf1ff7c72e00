// The prompt's shared prefix (identity, scope, household memories, tool schemas) is byte-identical across people and turns.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('the shared prompt prefix', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    await call(app, owner, 'POST', '/memory', { content: 'Olivia is vegetarian', importance: 'core' });
    await call(app, member, 'POST', '/memory', { content: 'Max plays the drums', importance: 'core' });
    await call(app, owner, 'POST', '/household/memory', {
      content: 'The household speaks German at dinner',
      importance: 'core',
    });
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('is the first system message, the same bytes for two people, a follow-up and a purpose; the rest comes after', async () => {
    const a = await chat(app, owner, { message: 'hi', scope: ['general'] });
    await chat(app, member, { message: 'hello there', scope: ['general'] });
    await call(app, owner, 'PUT', `/sessions/${a.json.session_id}/purpose`, { purpose: 'plan the garden' });
    await chat(app, owner, { message: 'and tomorrow?', session_id: a.json.session_id });
    const bodies = model.chatRequests().map((r) => r.body);
    assert.equal(bodies.length, 3);
    const shared = bodies.map((b) => b.messages[0]);
    assert.equal(shared[0].role, 'system');
    for (const s of shared) assert.equal(s.content, shared[0].content);
    assert.match(shared[0].content, /German at dinner/);
    for (const personal of ['Olivia', 'Max', 'vegetarian', 'drums', 'garden'])
      assert.ok(!shared[0].content.includes(personal), `"${personal}" is not in the shared prefix`);
    // no clock in the shared part: a digit-colon-digit time or an ISO date would change it turn by turn
    assert.doesNotMatch(shared[0].content, /\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}/);
    // the person's part follows, as a system message of its own
    assert.match(bodies[0].messages[1].content, /Olivia is vegetarian/);
    assert.match(bodies[1].messages[1].content, /Max plays the drums/);
    assert.match(bodies[2].messages[1].content, /## Purpose of this conversation\nplan the garden/);
    // the same tool schemas, in the same order, for both people (the scope's few, with nothing in use yet)
    assert.deepEqual(JSON.stringify(bodies[0].tools), JSON.stringify(bodies[1].tools));
  });
});
