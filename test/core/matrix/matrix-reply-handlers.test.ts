// Reply handlers end to end: a Matrix reply to a notification sent with replyTo reaches its handler, never the engine.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { ReplyContext } from '../../../core/contracts/contributions.ts';
import type { Disposable } from '../../../core/contracts/disposable.ts';
import { REPLY_FAILED, REPLY_GONE } from '../../../core/matrix/reply-routes.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { house } from './fixtures/house/matrix-house/index.ts';
import { MatrixWorld } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));

describe('Matrix runtime: reply handlers', () => {
  const w = new MatrixWorld({ pluginRoots: [houseRoot] });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };
  let aliceClient: JsClient;
  let handler: Disposable;
  const calls: { text: string; ctx: ReplyContext }[] = [];

  /** Queues a notification for Alice and resolves with its stored row once it was sent. */
  const notified = async (text: string, opts: Record<string, unknown> = {}) => {
    const item = await house.notify!(alice.user!.id, text, opts);
    return waitUntil(
      async () => {
        const [row] = await w.app.quorra.db.query('SELECT * FROM matrix_outbox WHERE id = ?', [item.id]);
        return row?.state === 'sent' && row;
      },
      10000,
      `"${text}" to be delivered`,
    );
  };
  /** Alice answers a bot message with a Matrix reply (fallback included, like Element) and gets the bot's answer. */
  const aliceReplies = async (to: { room_id: string; event_id: string; text: string }, text: string) => {
    if (w.hs.membership(to.room_id, alice.mx.userId) !== 'join') await aliceClient.joinRoom(to.room_id);
    const { event_id } = await aliceClient.sendMessage(to.room_id, {
      msgtype: 'm.text',
      body: `> <${w.bot.userId}> ${to.text}\n\n${text}`,
      'm.relates_to': { 'm.in_reply_to': { event_id: to.event_id } },
    } as never);
    return answerTo(to.room_id, event_id);
  };
  const answerTo = (roomId: string, eventId: string) =>
    waitUntil(
      () =>
        w.botMessages(roomId).find((m) => m.content['m.relates_to']?.['m.in_reply_to']?.event_id === eventId),
      10000,
      'the bot to answer the reply',
    );

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
    aliceClient = await w.client(alice.mx);
    handler = w.app.quorra.registries.replies.add({
      name: 'test-questions',
      handle(text, ctx) {
        calls.push({ text, ctx });
        if (text === 'boom') throw new Error('the handler broke');
        return `Noted “${text}” for ${ctx.ref}.`;
      },
    });
  });
  beforeEach(() => {
    calls.length = 0;
    w.model.reset();
  });
  after(() => w.close());

  it('hands the owner’s reply to the handler with its ref and answers as a reply; the item went out unbatched', async () => {
    await house.notify!(alice.user!.id, 'Bins go out tonight');
    const question = notified('Shall I order more coffee?', {
      replyTo: { handler: 'test-questions', ref: 'coffee-7' },
    });
    await house.notify!(alice.user!.id, 'The milk was delivered', { urgency: 'low' });
    const row = await question;
    assert.equal(row.urgency, 'normal');
    assert.equal(row.reply_handler, 'test-questions');
    assert.equal(row.reply_ref, 'coffee-7');
    const [own] = w.botMessages(row.room_id).filter((m) => m.event_id === row.event_id);
    assert.equal(own.content.body, 'Shall I order more coffee?', 'delivered on its own');
    const batch = await waitUntil(
      () => w.botMessages(row.room_id).find((m) => m.content.body.startsWith('**2 updates**')),
      10000,
      'the batch of the other two',
    );
    assert.doesNotMatch(batch.content.body, /coffee/);

    const answer = await aliceReplies(
      { room_id: row.room_id, event_id: row.event_id, text: 'Shall I order more coffee?' },
      'yes, two bags',
    );
    assert.equal(answer.content.body, 'Noted “yes, two bags” for coffee-7.');
    assert.deepEqual(calls, [
      { text: 'yes, two bags', ctx: { userId: alice.user!.id, role: 'owner', ref: 'coffee-7' } },
    ]);
    assert.equal(w.model.chatRequests().length, 0, 'the engine never saw it');
  });

  it('does not route another member’s reply to someone else’s notification', async () => {
    const row = await notified('Is the back door locked?', {
      replyTo: { handler: 'test-questions', ref: 'door-1' },
      urgency: 'high',
    });
    if (w.hs.membership(row.room_id, alice.mx.userId) !== 'join') await aliceClient.joinRoom(row.room_id);
    w.hs.invite(alice.mx.userId, row.room_id, bob.mx.userId);
    w.hs.join(bob.mx.userId, row.room_id);
    w.model.on('it is locked', { content: 'Thanks, Bob.' });
    const reply = w.hs.sendAsUser(bob.mx.userId, row.room_id, {
      msgtype: 'm.text',
      body: `> <${w.bot.userId}> Is the back door locked?\n\nQuorra: it is locked`,
      'm.relates_to': { 'm.in_reply_to': { event_id: row.event_id } },
    });
    const outcome = await w.finished(reply);
    assert.deepEqual(calls, []);
    assert.notEqual(outcome.reason, 'answered', 'not answered by a reply handler');
    const answer = await answerTo(row.room_id, reply);
    assert.equal(answer.content.body, 'Thanks, Bob.', 'a normal message, answered by the engine');
  });

  it('answers a short line when the handler fails, and when it is gone', async () => {
    const row = await notified('Water the plants?', {
      replyTo: { handler: 'test-questions', ref: 'plants' },
      urgency: 'high',
    });
    const to = { room_id: row.room_id, event_id: row.event_id, text: 'Water the plants?' };
    assert.equal((await aliceReplies(to, 'boom')).content.body, REPLY_FAILED);
    await handler.dispose();
    assert.equal((await aliceReplies(to, 'done')).content.body, REPLY_GONE);
    assert.equal(calls.length, 1, 'only the first reply reached the handler');
    assert.equal(w.model.chatRequests().length, 0);
  });
});
