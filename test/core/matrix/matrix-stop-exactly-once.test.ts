// A stop during a turn slower than the grace: nothing is sent from the stopping process, the event stays to do, and
// the next start answers it exactly once (no apology, no edit, no "[interrupted]" turn in the session).
import assert from 'node:assert/strict';
import { Message } from '../../../core/sessions/message.entity.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { lastUserText } from '../../support/model-server.ts';
import { MatrixWorld } from './matrix-world.ts';

describe('Matrix runtime: a stop keeps exactly-once', () => {
  let w: MatrixWorld;
  let alice: { mx: RegisteredUser; user?: TestUser };

  afterEach(() => w.close());

  const asked = (text: string) =>
    w.model.chatRequests().filter((r) => lastUserText(r.body).includes(text)).length;

  const isEdit = (m: Record<string, any>) => m.content['m.relates_to']?.rel_type === 'm.replace';
  const shown = (m: Record<string, any>) => m.content['m.new_content']?.body ?? m.content.body;

  it('leaves a turn cut short by the stop unanswered and answers it once after the restart', async () => {
    // the model answers in 4 s (under its timeout), far past the 300 ms grace: only an abort stops it in time
    w = await new MatrixWorld({ config: { server: { shutdownGraceMs: 300 } } }).start();
    alice = await w.member('alice', 'Alice', 'owner');
    const roomId = await w.dm(alice.mx);
    w.model.on('what is for dinner', { content: 'Pasta tonight.', delayMs: 4000 });
    const eventId = w.hs.sendAsUser(alice.mx.userId, roomId, {
      msgtype: 'm.text',
      body: 'what is for dinner',
    });
    await waitUntil(() => asked('what is for dinner') === 1, 10_000, 'the turn to reach the model');

    await w.stopBot();
    assert.equal(w.model.abandonedChats, 1, 'the model call was aborted, not waited out');
    assert.deepEqual(w.botMessages(roomId), [], 'no reply, no apology, no edit from the stopping process');

    // the event is still to do, and the aborted turn left nothing in the session
    await w.bootWithoutMatrix();
    const [row] = await w.app.quorra.db.query('SELECT status FROM matrix_events WHERE event_id = ?', [
      eventId,
    ]);
    assert.equal(row.status, 'queued');
    assert.equal(await w.app.quorra.db.getRepository(Message).count(), 0);
    await w.app.stop();

    w.model.on('what is for dinner', { content: 'Pasta tonight.' });
    await w.boot();
    const [reply] = await w.botReplies(roomId, 1);
    await w.settled();
    assert.equal(reply.content.body, 'Pasta tonight.');
    assert.equal(w.botMessages(roomId).length, 1, 'answered exactly once');
    assert.equal(asked('what is for dinner'), 2);
    const stored = await w.app.quorra.db.getRepository(Message).find({ order: { id: 'ASC' } });
    assert.deepEqual(
      stored.map((m) => [m.role, m.content, m.interrupted]),
      [
        ['user', 'what is for dinner', false],
        ['assistant', 'Pasta tonight.', false],
      ],
    );
  });

  it('finishes a streamed reply the stop left partial by editing it after the restart, never a second message', async () => {
    w = await new MatrixWorld({ config: { server: { shutdownGraceMs: 1000 } } }).start({ matrix: false });
    await w.boot({ matrix: { streamEdits: true } });
    alice = await w.member('alice', 'Alice', 'owner');
    const roomId = await w.dm(alice.mx);
    // the first words after 2.5 s (posted as a partial message), the rest 2.5 s later: past the 1 s grace
    w.model.on('what is for dinner', {
      content: 'Pasta tonight.',
      chunks: ['Pasta ', 'tonight.'],
      chunkDelayMs: 2500,
    });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'what is for dinner' });
    await waitUntil(() => w.botMessages(roomId).length === 1, 10_000, 'the partial reply');

    await w.stopBot();
    assert.equal(w.model.abandonedChats, 1, 'the model call was aborted, not waited out');
    const partial = w.botMessages(roomId);
    assert.equal(partial.filter((m) => !isEdit(m)).length, 1);
    assert.ok(
      partial.every((m) => shown(m).endsWith(' …') && !/Sorry/.test(shown(m))),
      'only the partial and its progress: no apology, no final edit from the stopping process',
    );

    w.model.on('what is for dinner', { content: 'Pasta tonight, with salad.' });
    await w.boot({ matrix: { streamEdits: true } });
    await waitUntil(
      () => shown(w.botMessages(roomId).at(-1)!) === 'Pasta tonight, with salad.',
      10_000,
      'the partial to be finished',
    );
    await w.settled();
    const messages = w.botMessages(roomId);
    assert.equal(messages.filter((m) => !isEdit(m)).length, 1, 'one reply, edited to the whole answer');
    assert.ok(
      messages.every((m) => !/Sorry/.test(shown(m))),
      'no apology anywhere',
    );
  });

  it('still answers a turn that ends within the grace before it stops', async () => {
    w = await new MatrixWorld({ config: { server: { shutdownGraceMs: 5000 } } }).start();
    alice = await w.member('alice', 'Alice', 'owner');
    const roomId = await w.dm(alice.mx);
    w.model.on('quick one', { content: 'Done.', delayMs: 500 });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'quick one' });
    await waitUntil(() => asked('quick one') === 1, 10_000, 'the turn to reach the model');
    await w.stopBot();
    assert.equal(w.model.abandonedChats, 0);
    assert.deepEqual(
      w.botMessages(roomId).map((m) => m.content.body),
      ['Done.'],
    );
    await w.boot();
    await w.settled();
    assert.equal(w.botMessages(roomId).length, 1, 'the restart does not answer it again');
  });
});
