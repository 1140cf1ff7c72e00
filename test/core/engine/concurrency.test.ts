// Concurrent turns from several users: every turn is stored whole, none is lost or mixed into another.
import assert from 'node:assert/strict';
import { Message } from '../../../core/sessions/message.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('concurrent turns', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  before(async () => {
    model = await ScriptedModelServer.start();
    // replies arrive out of order, so commits interleave
    model.always(
      () => true,
      (body) => ({
        content: `echo ${body.messages.at(-1).content}`,
        delayMs: Math.floor(Math.random() * 30),
      }),
    );
    app = await bootApp({ model });
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('stores every one of 30 parallel turns, each with its own reply', async () => {
    const users = await Promise.all(['A', 'B', 'C'].map((n) => addUser(app, `User ${n}`)));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chat(app, users[i % 3], { message: `message ${i}`, scope: ['general'] }),
      ),
    );
    assert.ok(results.every((r) => r.status === 200));
    const rows = await app.quorra.db.getRepository(Message).find();
    for (let i = 0; i < 30; i++) {
      const session = results[i].json.session_id;
      const mine = rows.filter((m) => m.sessionId === session).map((m) => m.content);
      assert.deepEqual(mine, [`message ${i}`, `echo message ${i}`]);
    }
    const notes = await app.quorra.db.query('SELECT count(*) AS n FROM notes');
    assert.equal(notes[0].n, 30);
  });
});
