// The bot end to end (homeserver double, real bot, scripted model): DMs, the group mention rule, refusals, invites, rooms → workspaces, threads, failures, encryption.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import { Session } from '../../../core/sessions/session.entity.ts';
import { call, systemPromptOf, type TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { nextTimelineEvent, waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { lastUserText } from '../../support/model-server.ts';
import { MatrixWorld, metricValue } from './matrix-world.ts';

const house = fileURLToPath(new URL('./fixtures/house', import.meta.url));

describe('Matrix runtime: conversations', () => {
  const w = new MatrixWorld({
    pluginRoots: [house],
    config: {
      model: { timeoutMs: 1000 },
      // longer than any turn here takes, however loaded the machine: no answer waits long enough for a notice
      matrix: { rooms: [{ roomId: '!seeded:localhost', scope: ['finance'] }], typingDelayMs: 10_000 },
    },
  });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };
  let eve: { mx: RegisteredUser };
  let aliceClient: JsClient;

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
    eve = await w.member('eve', 'Eve', 'unmapped');
    aliceClient = await w.client(alice.mx);
  });
  beforeEach(() => w.model.reset());
  after(() => w.close());

  const userTexts = () => w.model.chatRequests().map((r) => lastUserText(r.body));
  const fromBot = (ev: any) => ev.getSender() === w.bot.userId && ev.getType() === 'm.room.message';

  it('answers every DM message with Markdown rendered to HTML and the text unchanged, an answer within typingDelayMs without a typing notice', async () => {
    const { room_id: roomId } = await aliceClient.createRoom({
      is_direct: true,
      invite: [w.bot.userId],
      preset: 'trusted_private_chat' as never,
    });
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    w.model.next({ content: '**Milk** and eggs' });
    const seen = nextTimelineEvent(aliceClient, fromBot);
    await aliceClient.sendTextMessage(roomId, 'what do we need?');
    const reply = (await seen).getContent();
    assert.equal(reply.body, '**Milk** and eggs');
    assert.equal(reply.format, 'org.matrix.custom.html');
    assert.equal(reply.formatted_body, '<p><strong>Milk</strong> and eggs</p>');
    assert.equal(reply.msgtype, 'm.text');
    assert.equal(reply['m.relates_to'], undefined, 'a DM answer is a plain message');
    assert.deepEqual(userTexts(), ['what do we need?']);
    w.model.next({ content: 'Bread too.' });
    await aliceClient.sendTextMessage(roomId, 'anything else?');
    await w.botReplies(roomId, 2);
    // its sync filter keeps the bot's own replies from coming back to it: the sync that brought the second
    // message would otherwise have brought the first reply too, ignored as the bot's own
    assert.equal(metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="own"'), 0);
    // the slow case (typing shown, renewed, cleared) is typing-keepalive.test.ts
    assert.deepEqual(
      w.hs.requests.filter((r) => r.userId === w.bot.userId && r.path.includes('/typing/')),
      [],
    );
    const second = w.model.chatRequests()[1].body.messages.map((m: any) => m.content);
    assert.ok(
      second.includes('what do we need?') && second.includes('**Milk** and eggs'),
      'same session continues',
    );
  });

  it('in a group answers only when mentioned (m.mentions, pill or name), strips the mention and prefixes [Name]', async () => {
    const roomId = await w.group(alice.mx, [bob.mx], 'Kitchen');
    w.hs.sendAsUser(bob.mx.userId, roomId, { msgtype: 'm.text', body: 'just chatting among us' });
    const asked = w.hs.sendAsUser(bob.mx.userId, roomId, {
      msgtype: 'm.text',
      body: 'Quorra: what is for dinner?',
    });
    const [first] = await w.botReplies(roomId, 1);
    assert.equal(
      first.content['m.relates_to']['m.in_reply_to'].event_id,
      asked,
      'a group answer replies to the asker',
    );
    w.hs.sendAsUser(bob.mx.userId, roomId, {
      msgtype: 'm.text',
      body: 'can you check the boiler',
      'm.mentions': { user_ids: [w.bot.userId] },
    });
    await w.botReplies(roomId, 2);
    w.hs.sendAsUser(alice.mx.userId, roomId, {
      msgtype: 'm.text',
      body: 'the bot lights off?',
      format: 'org.matrix.custom.html',
      formatted_body: `<a href="https://matrix.to/#/${w.bot.userId}">the bot</a> lights off?`,
    });
    await w.botReplies(roomId, 3);
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'ok thanks all' });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'last one, quorra?' });
    await w.botReplies(roomId, 4);
    assert.deepEqual(userTexts(), [
      '[Bob] what is for dinner?',
      '[Bob] can you check the boiler',
      '[Alice] the bot lights off?',
      '[Alice] last one,?',
    ]);
    await w.settled();
    assert.equal(w.botMessages(roomId).length, 4);
  });

  it('refuses a sender who is not in the household once per room and day, and says nothing else', async () => {
    const roomId = await w.group(alice.mx, [eve.mx], 'Porch');
    const before = metricValue(
      await w.metricsText(),
      'quorra_matrix_events_ignored_total',
      'reason="unmapped_repeat"',
    );
    w.hs.sendAsUser(eve.mx.userId, roomId, { msgtype: 'm.text', body: 'Quorra, open the door' });
    w.hs.sendAsUser(eve.mx.userId, roomId, { msgtype: 'm.text', body: 'Quorra, please?' });
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'Quorra, who is at the door?' });
    const replies = await w.botReplies(roomId, 2);
    await w.settled();
    assert.equal(replies.length, 2);
    assert.equal(replies[0].content.msgtype, 'm.notice');
    assert.match(replies[0].content.body, /only talk with members of this household/);
    assert.deepEqual(
      userTexts(),
      ['[Alice] who is at the door?'],
      'the unmapped sender never reached the model',
    );
    const after = metricValue(
      await w.metricsText(),
      'quorra_matrix_events_ignored_total',
      'reason="unmapped_repeat"',
    );
    assert.equal(after - before, 1);
  });

  it('accepts invites only from household members and declines the rest', async () => {
    const fromEve = w.hs.createRoom(eve.mx.userId, { invite: [w.bot.userId], is_direct: true });
    const fromBob = w.hs.createRoom(bob.mx.userId, { invite: [w.bot.userId], name: 'Bob’s room' });
    await waitUntil(
      () => w.hs.membership(fromEve, w.bot.userId) === 'leave',
      10000,
      'the invite to be declined',
    );
    await waitUntil(
      () => w.hs.membership(fromBob, w.bot.userId) === 'join',
      10000,
      'the invite to be accepted',
    );
    assert.ok(
      metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="invite_unmapped"') >=
        1,
    );
  });

  it('maps rooms to workspaces and scopes, and the mapping reaches the model’s prompt', async () => {
    const rooms = await call(w.app, alice.user!, 'GET', '/matrix/rooms');
    assert.deepEqual(
      rooms.json.rooms.map((r: any) => [r.room_id, r.workspace, r.scope]),
      [['!seeded:localhost', null, ['finance']]],
      'seeded from config',
    );
    const garden = await w.group(alice.mx, [], 'Garden');
    const created = await call(w.app, alice.user!, 'POST', '/workspaces', {
      name: 'Garden',
      services: ['general'],
      matrix_room_id: garden,
    });
    assert.equal(created.status, 201);
    // bob's personal chat names only the workspaces he was given
    const granted = await call(w.app, alice.user!, 'PUT', `/workspaces/garden/members/${bob.user!.id}`);
    assert.equal(granted.status, 200);
    const finance = await w.group(alice.mx, [bob.mx], 'Money');
    const path = `/matrix/rooms/${encodeURIComponent(finance)}`;
    assert.equal((await call(w.app, bob.user!, 'PUT', path, { scope: ['finance'] })).status, 403);
    const bad = await call(w.app, alice.user!, 'PUT', path, { scope: ['astrology'] });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'UNKNOWN_SCOPE');
    assert.equal((await call(w.app, alice.user!, 'PUT', path, { scope: ['finance'], extra: 1 })).status, 400);
    const put = await call(w.app, alice.user!, 'PUT', path, { scope: ['finance'] });
    assert.equal(put.status, 200);
    assert.deepEqual(put.json.scope, ['finance']);

    w.hs.sendAsUser(bob.mx.userId, finance, { msgtype: 'm.text', body: 'Quorra how is the budget?' });
    await w.botReplies(finance, 1);
    const financeCall = w.model.chatRequests()[0].body;
    assert.match(systemPromptOf(financeCall), /## Scope: finance/);
    const offered = financeCall.tools.map((t: any) => t.function.name);
    assert.ok(
      offered.includes('finance_show_budget') && !offered.includes('house_delete_list'),
      offered.join(),
    );

    w.hs.sendAsUser(alice.mx.userId, garden, {
      msgtype: 'm.text',
      body: 'Quorra when do we plant tomatoes?',
    });
    await w.botReplies(garden, 1);
    const sessions = w.app.quorra.db.getRepository(Session);
    const gardenSession = await sessions.findOneByOrFail({ userId: alice.user!.id, workspace: 'garden' });
    assert.deepEqual(gardenSession.scope, ['general']);
    assert.equal(gardenSession.origin, 'matrix');
    const gardenPrompt = systemPromptOf(w.model.chatRequests()[1].body);
    assert.doesNotMatch(gardenPrompt, /This is personal chat/);
    assert.match(
      systemPromptOf(financeCall),
      /This is personal chat/,
      'a room without a workspace is personal chat',
    );
  });

  it('answers a member not given a room’s workspace with one plain line and no model call', async () => {
    const shed = await w.group(alice.mx, [bob.mx], 'Shed');
    const made = await call(w.app, alice.user!, 'POST', '/workspaces', {
      name: 'Shed',
      services: ['general'],
      matrix_room_id: shed,
    });
    assert.equal(made.status, 201);
    const asked = w.model.chatRequests().length;
    w.hs.sendAsUser(bob.mx.userId, shed, { msgtype: 'm.text', body: 'Quorra what tools are in the shed?' });
    const [reply] = await w.botReplies(shed, 1);
    assert.match(String(reply.content.body), /not been given this workspace; ask the owner/);
    assert.equal(w.model.chatRequests().length, asked);
  });

  it('answers a message written in a thread inside that thread', async () => {
    const roomId = await w.group(alice.mx, [bob.mx], 'Chores');
    await waitUntil(
      () => aliceClient.getRoom(roomId)?.getMyMembership() === 'join',
      10000,
      'alice to sync the room',
    );
    const root = await aliceClient.sendTextMessage(roomId, 'Chores for the weekend');
    const seen = nextTimelineEvent(aliceClient, fromBot);
    const asked = await aliceClient.sendMessage(roomId, root.event_id, {
      msgtype: 'm.text',
      body: 'Quorra who takes the bins out?',
    } as never);
    const relation = (await seen).getContent()['m.relates_to'] as Record<string, any>;
    assert.equal(relation.rel_type, 'm.thread');
    assert.equal(relation.event_id, root.event_id);
    assert.equal(relation['m.in_reply_to'].event_id, asked.event_id);
    assert.deepEqual(userTexts(), ['[Alice] who takes the bins out?']);
  });

  it('apologises naming what failed when the model fails or times out, never silence', async () => {
    const roomId = await w.dm(bob.mx);
    w.model.next({ status: 500 });
    w.hs.sendAsUser(bob.mx.userId, roomId, { msgtype: 'm.text', body: 'are you there?' });
    const [failed] = await w.botReplies(roomId, 1);
    assert.equal(failed.content.msgtype, 'm.notice');
    assert.match(failed.content.body, /^Sorry — the language model failed/);
    w.model.next({ content: 'too late', delayMs: 2500 });
    w.hs.sendAsUser(bob.mx.userId, roomId, { msgtype: 'm.text', body: 'and now?' });
    const replies = await w.botReplies(roomId, 2);
    assert.match(replies[1].content.body, /model took too long/);
  });

  it('ignores notices from other bots and edits, but answers the next real message', async () => {
    const roomId = await w.dm(bob.mx);
    const text = await w.metricsText();
    const was = (reason: string) =>
      metricValue(text, 'quorra_matrix_events_ignored_total', `reason="${reason}"`);
    const [notices, edits] = [was('notice'), was('edit')];
    const original = w.hs.sendAsUser(bob.mx.userId, roomId, { msgtype: 'm.notice', body: 'build passed' });
    w.hs.sendAsUser(bob.mx.userId, roomId, {
      msgtype: 'm.text',
      body: '* fixed typo',
      'm.new_content': { msgtype: 'm.text', body: 'fixed typo' },
      'm.relates_to': { rel_type: 'm.replace', event_id: original },
    });
    w.hs.sendAsUser(bob.mx.userId, roomId, { msgtype: 'm.text', body: 'hello' });
    await w.botReplies(roomId, 1);
    await w.settled();
    assert.equal(w.botMessages(roomId).length, 1);
    assert.deepEqual(userTexts(), ['hello']);
    const now = await w.metricsText();
    assert.equal(metricValue(now, 'quorra_matrix_events_ignored_total', 'reason="notice"') - notices, 1);
    assert.equal(metricValue(now, 'quorra_matrix_events_ignored_total', 'reason="edit"') - edits, 1);
  });

  it('says once that it cannot read encrypted messages, opens an unencrypted DM, and counts every one', async () => {
    const carol = await w.member('carol', 'Carol', 'member');
    const roomId = w.hs.createRoom(carol.mx.userId, {
      is_direct: true,
      invite: [w.bot.userId],
      preset: 'trusted_private_chat',
      initial_state: [{ type: 'm.room.encryption', content: { algorithm: 'm.megolm.v1.aes-sha2' } }],
    });
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    const before = metricValue(await w.metricsText(), 'quorra_matrix_undecryptable_events_total');
    const encrypted = {
      algorithm: 'm.megolm.v1.aes-sha2',
      ciphertext: 'AwgA…',
      session_id: 's',
      device_id: 'D',
    };
    w.hs.sendAsUser(carol.mx.userId, roomId, encrypted, 'm.room.encrypted');
    const second = w.hs.sendAsUser(carol.mx.userId, roomId, encrypted, 'm.room.encrypted');
    const [notice] = await w.botReplies(roomId, 1);
    assert.match(notice.content.body, /can’t read encrypted messages/);
    const dm = await waitUntil(
      () =>
        w.hs.state.rooms
          .all()
          .find((r) => r.id !== roomId && r.getState('m.room.create')?.sender === w.bot.userId),
      10000,
      'a new DM from the bot',
    );
    assert.equal(w.hs.membership(dm.id, carol.mx.userId), 'invite');
    assert.equal(dm.getState('m.room.encryption'), undefined, 'the new DM is not encrypted');
    assert.match((await w.botReplies(dm.id, 1))[0].content.body, /This chat is not encrypted/);
    assert.deepEqual(await w.finished(second), { status: 'ignored', reason: 'undecryptable_repeat' });
    assert.equal(w.botMessages(roomId).length, 1, 'said once');
    assert.equal(metricValue(await w.metricsText(), 'quorra_matrix_undecryptable_events_total') - before, 2);

    w.hs.join(carol.mx.userId, dm.id);
    w.hs.sendAsUser(carol.mx.userId, dm.id, { msgtype: 'm.text', body: 'can you read this?' });
    assert.equal((await w.botReplies(dm.id, 2))[1].content.body, 'OK.');
    assert.deepEqual(userTexts(), ['can you read this?']);
  });
});
