// The homeserver double driven by real clients: matrix-js-sdk as a household member, matrix-bot-sdk as the bot.
import assert from 'node:assert/strict';
import type { MatrixClient as JsClient, MatrixEvent } from 'matrix-js-sdk';
import { THREAD_RELATION_TYPE } from 'matrix-js-sdk';
import { loadMatrixSdk } from '../../core/matrix/load-matrix-sdk.ts';
import { MatrixHomeserver, type RegisteredUser } from './matrix-homeserver/index.ts';
import {
  nextTimelineEvent,
  silenceMatrixSdkLogs,
  startMemberClient,
  waitUntil,
} from './matrix-homeserver/test-clients.ts';

const { sdk } = loadMatrixSdk();
type BotClient = InstanceType<typeof sdk.MatrixClient>;

describe('matrix homeserver double with real SDK clients', () => {
  let hs: MatrixHomeserver;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let quorra: RegisteredUser;
  const jsClients: JsClient[] = [];
  const bots: BotClient[] = [];

  before(() => silenceMatrixSdkLogs());

  beforeEach(async () => {
    hs = await MatrixHomeserver.start();
    alice = hs.registerUser('alice', { displayName: 'Alice' });
    bob = hs.registerUser('bob', { displayName: 'Bob' });
    quorra = hs.registerUser('quorra', { displayName: 'Quorra' });
  });

  afterEach(async () => {
    for (const c of jsClients.splice(0)) c.stopClient();
    for (const b of bots.splice(0)) b.stop();
    await hs.close();
    assert.deepEqual(hs.crashes, []);
    assert.deepEqual(hs.unhandled, [], 'every request the SDKs made has a route');
  });

  const member = async (user: RegisteredUser) => {
    const client = await startMemberClient(hs.url, user);
    jsClients.push(client);
    return client;
  };

  const bot = async (
    user: RegisteredUser,
    setup: (b: BotClient) => void = () => {},
    storage = new sdk.MemoryStorageProvider(),
  ) => {
    const b = new sdk.MatrixClient(hs.url, user.accessToken, storage);
    bots.push(b);
    setup(b);
    await b.start();
    return b;
  };

  const fromUser = (userId: string, body?: string) => (ev: MatrixEvent) =>
    ev.getType() === 'm.room.message' &&
    ev.getSender() === userId &&
    (!body || ev.getContent().body === body);

  describe('matrix-js-sdk as household members', () => {
    it('syncs, sends, and receives another member’s messages in the live timeline', async () => {
      const aliceClient = await member(alice);
      const bobClient = await member(bob);
      const { room_id: roomId } = await aliceClient.createRoom({ name: 'Kitchen', invite: [bob.userId] });
      await waitUntil(() => bobClient.getRoom(roomId), 10000, 'bob to see the invite');
      await bobClient.joinRoom(roomId);
      await waitUntil(() => aliceClient.getRoom(roomId)?.getJoinedMemberCount() === 2, 10000, 'bob joined');

      const seen = nextTimelineEvent(bobClient, fromUser(alice.userId, 'milk is finished'));
      await aliceClient.sendTextMessage(roomId, 'milk is finished');
      const ev = await seen;
      assert.equal(ev.getRoomId(), roomId);
      assert.match(ev.getId()!, /^\$[A-Za-z0-9_-]{43}$/);
      assert.equal(bobClient.getRoom(roomId)?.name, 'Kitchen');

      const stored = hs.roomMessages(roomId);
      assert.deepEqual(
        stored.map((m) => m.content.body),
        ['milk is finished'],
      );
    });

    it('creates a DM with is_direct: the invite carries it and m.direct account data is stored', async () => {
      const aliceClient = await member(alice);
      const bobClient = await member(bob);
      const { room_id: roomId } = await aliceClient.createRoom({
        is_direct: true,
        invite: [bob.userId],
        preset: 'trusted_private_chat' as never,
      });
      await aliceClient.setAccountData('m.direct' as never, { [bob.userId]: [roomId] } as never);
      const invited = await waitUntil(() => bobClient.getRoom(roomId), 10000, 'the DM invite');
      assert.equal(invited.getMyMembership(), 'invite');
      const inviteEvent = invited.currentState.getMember(bob.userId)?.events.member;
      assert.equal(inviteEvent?.getContent().is_direct, true);
      assert.equal(invited.getDMInviter(), alice.userId);
      assert.deepEqual(hs.accountData(alice.userId, 'm.direct'), { [bob.userId]: [roomId] });
      await waitUntil(() => aliceClient.getAccountData('m.direct' as never), 10000, 'm.direct via sync');
    });

    it('shows typing notifications and threaded replies', async () => {
      const aliceClient = await member(alice);
      const bobClient = await member(bob);
      const roomId = hs.createRoom(alice.userId, { name: 'Chores', invite: [bob.userId] });
      hs.join(bob.userId, roomId);
      await waitUntil(() => aliceClient.getRoom(roomId)?.getJoinedMemberCount() === 2, 10000, 'room in sync');

      await bobClient.sendTyping(roomId, true, 10000);
      await waitUntil(() => aliceClient.getRoom(roomId)?.getMember(bob.userId)?.typing, 10000, 'typing');
      await bobClient.sendTyping(roomId, false, 0);
      await waitUntil(
        () => aliceClient.getRoom(roomId)?.getMember(bob.userId)?.typing === false,
        10000,
        'stop',
      );

      const root = await aliceClient.sendTextMessage(roomId, 'who takes the bins out?');
      const replySeen = nextTimelineEvent(aliceClient, fromUser(bob.userId, 'me, tonight'));
      await bobClient.sendMessage(roomId, root.event_id, { msgtype: 'm.text', body: 'me, tonight' } as never);
      const reply = await replySeen;
      const relation = reply.getContent()['m.relates_to'];
      assert.equal(relation?.rel_type, THREAD_RELATION_TYPE.name);
      assert.equal(relation?.event_id, root.event_id);
      const stored = hs.roomMessages(roomId).at(-1)!;
      assert.deepEqual(stored.content['m.relates_to'], relation);
    });

    it('retries a rate-limited send after retry_after_ms with the same transaction id', async () => {
      const aliceClient = await member(alice);
      const roomId = hs.createRoom(alice.userId, { name: 'Limits' });
      await waitUntil(() => aliceClient.getRoom(roomId), 10000, 'room in sync');
      hs.rateLimitNext(1, { retryAfterMs: 20, match: /\/send\/m\.room\.message\// });
      const { event_id: eventId } = await aliceClient.sendTextMessage(roomId, 'eventually');
      const sends = hs.requests.filter((r) => r.method === 'PUT' && r.path.includes('/send/'));
      assert.deepEqual(
        sends.map((r) => [r.status, r.errcode]),
        [
          [429, 'M_LIMIT_EXCEEDED'],
          [200, undefined],
        ],
      );
      assert.equal(sends[0].path, sends[1].path, 'same txn id on retry');
      assert.deepEqual(
        hs.roomMessages(roomId).map((m) => m.event_id),
        [eventId],
      );
    });
  });

  describe('matrix-bot-sdk as the bot (loaded through core/matrix/load-matrix-sdk.ts)', () => {
    it('starts, knows who it is, reads profiles, joins on invite and answers messages', async () => {
      const invites: string[] = [];
      const b = await bot(quorra, (client) => {
        client.on('room.invite', async (roomId: string, ev: any) => {
          invites.push(ev.content.membership);
          await client.joinRoom(roomId);
        });
      });
      assert.equal(await b.getUserId(), quorra.userId);
      assert.equal((await b.getUserProfile(alice.userId)).displayname, 'Alice');

      const roomId = hs.createRoom(alice.userId, { invite: [quorra.userId], is_direct: true });
      await waitUntil(() => hs.membership(roomId, quorra.userId) === 'join', 10000, 'the bot to join');
      assert.deepEqual(invites, ['invite']);
      await waitUntil(() => hs.accountData(quorra.userId, 'm.direct'), 10000, 'bot-sdk m.direct');
      assert.deepEqual(hs.accountData(quorra.userId, 'm.direct'), { [alice.userId]: [roomId] });

      const received: any[] = [];
      b.on('room.message', async (rid: string, ev: any) => {
        if (ev.sender === quorra.userId) return;
        received.push(ev);
        await b.setTyping(rid, true, 5000);
        await b.sendMessage(rid, { msgtype: 'm.notice', body: `noted: ${ev.content.body}` });
        await b.setTyping(rid, false);
      });
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'buy eggs' });
      await waitUntil(() => hs.roomMessages(roomId).length === 2, 10000, 'the answer');
      assert.equal(received[0].content.body, 'buy eggs');
      assert.equal(received[0].room_id, undefined, '/sync events carry no room_id');
      const answer = hs.roomMessages(roomId)[1];
      assert.equal(answer.sender, quorra.userId);
      assert.equal(answer.content.body, 'noted: buy eggs');
    });

    it('resumes from its stored sync token after a restart: missed events arrive once, old ones never', async () => {
      const storage = new sdk.MemoryStorageProvider();
      const roomId = hs.createRoom(alice.userId, { invite: [quorra.userId] });
      hs.join(quorra.userId, roomId);
      const bodies = (b: BotClient, into: string[]) =>
        b.on('room.message', (_rid: string, ev: any) => into.push(ev.content.body));
      const firstRun: string[] = [];
      const first = await bot(quorra, (b) => bodies(b, firstRun), storage);
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'before' });
      await waitUntil(
        () => firstRun.length === 1 && hs.pendingSyncs === 1,
        10000,
        'the bot to idle in a long-poll',
      );
      first.stop();
      hs.releaseSyncs();
      await waitUntil(() => hs.pendingSyncs === 0, 10000, 'the old sync loop to end');

      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'while away 1' });
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'while away 2' });
      const secondRun: string[] = [];
      const restartedAt = hs.requests.length;
      await bot(quorra, (b) => bodies(b, secondRun), storage);
      await waitUntil(() => secondRun.length === 2, 10000, 'the missed messages');
      assert.deepEqual(firstRun, ['before']);
      assert.deepEqual(secondRun, ['while away 1', 'while away 2']);
      const firstSync = hs.requests.slice(restartedAt).find((r) => r.path.endsWith('/sync'));
      assert.ok(firstSync?.query.since, 'the restarted bot synced from its stored token');
    });

    it('sends idempotently: the same transaction id twice yields one event', async () => {
      const b = await bot(quorra);
      const roomId = hs.createRoom(quorra.userId, {});
      const path = `/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/send/m.room.message/quorra-txn-1`;
      const content = { msgtype: 'm.text', body: 'once' };
      const first = await b.doRequest('PUT', path, null, content);
      const second = await b.doRequest('PUT', path, null, content);
      assert.equal(second.event_id, first.event_id);
      assert.equal(hs.roomMessages(roomId).length, 1);
    });

    it('surfaces 429 as a MatrixError with retryAfterMs and does not retry by itself', async () => {
      const b = await bot(quorra);
      const roomId = hs.createRoom(quorra.userId, { name: 'Bot room' });
      hs.rateLimitNext(1, { retryAfterMs: 25, match: /\/send\// });
      const err = await b.sendText(roomId, 'too fast').then(
        () => assert.fail('expected a rate limit'),
        (e: any) => e,
      );
      assert.ok(err instanceof sdk.MatrixError);
      assert.equal(err.errcode, 'M_LIMIT_EXCEEDED');
      assert.equal(err.statusCode, 429);
      assert.equal(err.retryAfterMs, 25);
      assert.equal(hs.roomMessages(roomId).length, 0);
      assert.equal(hs.requests.filter((r) => r.path.includes('/send/')).length, 1, 'no automatic retry');

      await new Promise((r) => setTimeout(r, err.retryAfterMs));
      const eventId = await b.sendText(roomId, 'too fast');
      assert.deepEqual(
        hs.roomMessages(roomId).map((m) => m.event_id),
        [eventId],
      );
    });

    it('a send failing once with 500 rejects, and the next one goes through', async () => {
      const b = await bot(quorra);
      const roomId = hs.createRoom(quorra.userId, {});
      hs.failNext(1, { match: (req) => req.path.includes('/send/') && req.body?.body === 'flaky' });
      await assert.rejects(
        b.sendText(roomId, 'flaky'),
        (e: any) => e.statusCode === 500 && e.errcode === 'M_UNKNOWN',
      );
      await b.sendText(roomId, 'flaky');
      assert.deepEqual(
        hs.roomMessages(roomId).map((m) => m.content.body),
        ['flaky'],
      );
    });
  });

  describe('a member talks to the bot', () => {
    it('the bot sees the member’s message, answers, and the member sees the answer', async () => {
      await bot(quorra, (b) => {
        b.on('room.invite', (roomId: string) => b.joinRoom(roomId));
        b.on('room.message', async (roomId: string, ev: any) => {
          if (ev.sender === quorra.userId || ev.content?.msgtype !== 'm.text') return;
          const profile = await b.getUserProfile(ev.sender);
          await b.replyNotice(roomId, ev, `Hello ${profile.displayname}, you said “${ev.content.body}”`);
        });
      });
      const aliceClient = await member(alice);
      const { room_id: roomId } = await aliceClient.createRoom({
        is_direct: true,
        invite: [quorra.userId],
        preset: 'trusted_private_chat' as never,
      });
      await waitUntil(
        () => aliceClient.getRoom(roomId)?.getJoinedMemberCount() === 2,
        10000,
        'the bot to join',
      );

      const answered = nextTimelineEvent(aliceClient, fromUser(quorra.userId));
      const { event_id: askedId } = await aliceClient.sendTextMessage(roomId, 'what is for dinner?');
      const answer = await answered;
      assert.equal(
        answer.getContent().body.split('\n\n').at(-1),
        'Hello Alice, you said “what is for dinner?”',
      );
      assert.equal(answer.getContent()['m.relates_to']?.['m.in_reply_to']?.event_id, askedId);
      assert.equal(answer.getContent().msgtype, 'm.notice');
    });
  });
});
