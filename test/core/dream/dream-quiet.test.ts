// A scheduled Dream pass never runs while people are talking to Quorra; a manual run does not wait.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const isExtraction = (b: any) =>
  String(b?.messages?.[0]?.content ?? '').startsWith('You extract durable beliefs');

describe('Dream waits for a quiet spell', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    model.always(isExtraction, { content: '[]' });
    model.fallback = { content: 'Noted.' };
    app = await bootApp({
      model,
      config: { dream: { allowLlmText: true, workspaces: ['personal'], quietMinutes: 15 } },
    });
    owner = await addUser(app, 'Olivia');
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  const extractions = () => model.chatRequests().filter((r) => isExtraction(r.body)).length;

  it('defers a scheduled pass right after a conversation, and says so', async () => {
    await chat(app, owner, { message: 'The boiler code is in the drawer', scope: ['general'] });
    assert.equal(await app.quorra.dream.tick('scheduled'), null);
    assert.equal(extractions(), 0);
    assert.match(app.quorra.dream.last?.error ?? '', /deferred: a conversation was active/);
  });

  it('lets the owner run it now anyway', async () => {
    const r = await app.quorra.dream.tick('manual');
    assert.ok(r);
    assert.equal(extractions(), 1);
  });

  it('runs the scheduled pass once the household has been quiet long enough', async () => {
    await chat(app, owner, { message: 'We bought a new kettle', scope: ['general'] });
    await app.quorra.db.query("UPDATE sessions SET updated_at = '2000-01-01 00:00:00.000'");
    const r = await app.quorra.dream.tick('scheduled');
    assert.ok(r, 'not deferred');
    assert.equal(extractions(), 2);
  });
});
