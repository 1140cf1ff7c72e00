// POST /chat during a stop: a turn slower than the grace is aborted and its caller told 503 SHUTTING_DOWN with
// Retry-After (nothing of it stored); a turn that ends within the grace is answered as usual.
import assert from 'node:assert/strict';
import { Message } from '../../../core/sessions/message.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, readResponse, type TestUser } from '../../support/household.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('POST /chat while Quorra stops', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;

  beforeEach(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, config: { server: { shutdownGraceMs: 300 } } });
    owner = await addUser(app, 'Olivia');
  });
  afterEach(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  const send = (message: string) =>
    fetch(`${app.url}/chat`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ message, scope: ['general'] }),
    });

  it('answers 503 SHUTTING_DOWN with Retry-After to the caller of a turn the stop cut short, storing nothing', async () => {
    // 4 s is under the model's timeout: without the abort the turn would be answered 200
    model.next({ content: 'Late answer.', delayMs: 4000 });
    const pending = send('plan the week');
    await waitUntil(() => model.chatRequests().length === 1, 10_000, 'the turn to reach the model');
    const stopping = app.stop();
    const res = await pending;
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '10');
    const { json } = await readResponse(res);
    assert.equal(json.error.code, 'SHUTTING_DOWN');
    assert.match(json.error.message, /restarting/);
    await stopping;
    await waitUntil(() => model.abandonedChats === 1, 5000, 'the model call to be aborted');
    // the stopped app's database is closed: read what it stored through a fresh boot on the same data dir
    app = await bootApp({ model, dataDir: app.dataDir });
    assert.equal(await app.quorra.db.getRepository(Message).count(), 0, 'no half turn was stored');
  });

  it('answers a turn that ends within the grace', async () => {
    await app.stop();
    app = await bootApp({ model, dataDir: app.dataDir, config: { server: { shutdownGraceMs: 5000 } } });
    owner = await addUser(app, 'Max');
    model.next({ content: 'Soon answered.', delayMs: 300 });
    const pending = send('quick');
    await waitUntil(() => model.chatRequests().length === 1, 10_000, 'the turn to reach the model');
    const stopping = app.stop();
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal((await res.json()).reply, 'Soon answered.');
    await stopping;
    assert.equal(model.abandonedChats, 0);
  });
});
