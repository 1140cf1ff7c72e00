// Element-native touches: 👍/👎 reactions answer a tier-2 question; a slow answer streams in by m.replace edits (or not, when turned off).
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { house } from './fixtures/house/matrix-house/index.ts';
import { MatrixWorld } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));
const SLOW_ANSWER =
  'Here is the **plan** for the weekend:\n\n- Saturday: market, then the hardware store\n- Sunday: lunch with Grandma at one\n\nTell me if anything should move.';

describe('Matrix runtime: Element-native touches', () => {
  const w = new MatrixWorld({ pluginRoots: [houseRoot] });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };
  let aliceClient: JsClient;

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
    aliceClient = await w.client(alice.mx);
  });
  beforeEach(() => {
    w.model.reset();
    house.deleted.length = 0;
  });
  after(() => w.close());

  const react = (user: RegisteredUser, roomId: string, eventId: string, key: string) =>
    w.hs.sendAsUser(
      user.userId,
      roomId,
      { 'm.relates_to': { rel_type: 'm.annotation', event_id: eventId, key } },
      'm.reaction',
    );
  const isEdit = (m: Record<string, any>) => m.content['m.relates_to']?.rel_type === 'm.replace';

  it('takes 👍 on its question as yes and 👎 (any skin tone) as no; other reactions and other people’s are not answers', async () => {
    const roomId = await w.dm(alice.mx);
    w.model.next({ toolCalls: [{ name: 'house_delete_list', arguments: { name: 'groceries' } }] });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'delete the groceries list' });
    const [question] = await w.botReplies(roomId, 1);
    assert.match(question.content.body, /I need your confirmation/);

    react(alice.mx, roomId, question.event_id, '❤️');
    w.model.next({ content: 'Deleted the groceries list.' });
    react(alice.mx, roomId, question.event_id, '👍');
    const replies = await w.botReplies(roomId, 2);
    assert.equal(replies[1].content.body, 'Deleted the groceries list.');
    assert.deepEqual(house.deleted, ['groceries']);
    const onAnswer = react(alice.mx, roomId, replies[1].event_id, '👍');
    assert.deepEqual(await w.finished(onAnswer), { status: 'ignored', reason: 'not_addressed' });

    const group = await w.group(alice.mx, [bob.mx], 'Hall');
    w.model.next({ toolCalls: [{ name: 'house_delete_list', arguments: { name: 'chores' } }] });
    w.hs.sendAsUser(alice.mx.userId, group, { msgtype: 'm.text', body: 'Quorra, delete the chores list' });
    const [asked] = await w.botReplies(group, 1);
    const bobs = react(bob.mx, group, asked.event_id, '👍');
    assert.deepEqual(
      await w.finished(bobs),
      { status: 'ignored', reason: 'not_addressed' },
      'only the asker decides',
    );
    react(alice.mx, group, asked.event_id, '👎🏽');
    const [, declined] = await w.botReplies(group, 2);
    assert.equal(declined.content.body, "Okay — I won't delete the list “chores”.");
    assert.deepEqual(house.deleted, ['groceries'], 'the chores list was kept');
    // two questions and the answer after the 👍; the ❤️, the 👍 on an answer and Bob's 👍 never reach the model
    assert.equal(w.model.chatRequests().length, 3);
  });

  it('streams a slow answer by editing its message at most once a second; the last edit is complete and formatted', async () => {
    await w.stopBot();
    await w.boot({ matrix: { streamEdits: true } });
    const roomId = await w.dm(alice.mx);
    w.model.next({ content: SLOW_ANSWER, chunkDelayMs: 120 });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'what is the plan?' });
    await waitUntil(
      () => w.botMessages(roomId).some((m) => isEdit(m) && m.content['m.new_content'].body === SLOW_ANSWER),
      20000,
      'the final edit',
    );
    await w.settled();
    const messages = w.botMessages(roomId);
    const [first, ...edits] = messages;
    assert.ok(!isEdit(first) && first.content.body.endsWith(' …'), 'a partial first message');
    assert.ok(edits.length >= 2 && edits.every(isEdit), `${edits.length} edits`);
    assert.ok(edits.every((e) => e.content['m.relates_to'].event_id === first.event_id));
    const times = messages.map((m) => m.origin_server_ts as number);
    for (let i = 2; i < times.length; i++)
      assert.ok(
        times[i] - times[i - 1] >= 1000,
        `edits ${i - 1} and ${i} were ${times[i] - times[i - 1]} ms apart`,
      );
    const final = edits.at(-1)!.content['m.new_content'];
    assert.equal(final.body, SLOW_ANSWER);
    assert.match(final.formatted_body, /<strong>plan<\/strong>[\s\S]*<li>Saturday/);
    // what Element shows: the original event, replaced by the final edit
    await waitUntil(
      () => aliceClient.getRoom(roomId)?.findEventById(first.event_id)?.getContent().body === SLOW_ANSWER,
      10000,
      'matrix-js-sdk to show the final text',
    );
  });

  it('sends a slow answer whole when streaming is turned off', async () => {
    await w.stopBot();
    await w.boot({ matrix: { streamEdits: false } });
    const roomId = await w.dm(alice.mx);
    w.model.next({ content: SLOW_ANSWER, chunkDelayMs: 120 });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'and the plan again?' });
    const [reply] = await w.botReplies(roomId, 1);
    await w.settled();
    assert.equal(reply.content.body, SLOW_ANSWER);
    assert.equal(w.botMessages(roomId).length, 1);
    assert.notEqual(w.model.chatRequests()[0].body.stream, true);
  });
});
