// Encrypted group rooms: mention rules, keys for every member's devices (a new device too), a key that comes late, rotation when someone leaves.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient, MatrixEvent } from 'matrix-js-sdk';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { startMemberClient, waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { lastUserText } from '../../support/model-server.ts';
import { MatrixWorld } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));
const ENCRYPTION = {
  type: 'm.room.encryption',
  state_key: '',
  content: { algorithm: 'm.megolm.v1.aes-sha2' },
};

describe('Matrix runtime: encrypted group rooms', () => {
  let w: MatrixWorld;
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };
  let a: MatrixClient;
  let b: MatrixClient;
  let roomId: string;
  const clients: MatrixClient[] = [];

  const cryptoClient = async (user: RegisteredUser) => {
    const c = await startMemberClient(w.hs.url, user, 20, { crypto: true });
    clients.push(c);
    return c;
  };
  const clearReplies = (client: MatrixClient) =>
    (client.getRoom(roomId)?.getLiveTimeline().getEvents() ?? [])
      .filter((e: MatrixEvent) => e.getSender() === w.bot.userId && e.getType() === 'm.room.message')
      .map((e: MatrixEvent) => e.getContent().body as string);
  const waitForReplies = async (client: MatrixClient, n: number) => {
    await waitUntil(() => clearReplies(client).length >= n, 15000, `${n} decrypted replies`);
    return clearReplies(client);
  };
  const botCiphertexts = () =>
    w.hs.roomEvents(roomId).filter((e) => e.sender === w.bot.userId && e.type === 'm.room.encrypted');
  const userTexts = () => w.model.chatRequests().map((r) => lastUserText(r.body));

  beforeEach(async () => {
    w = await new MatrixWorld({ pluginRoots: [houseRoot], e2ee: true }).start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
    a = await cryptoClient(alice.mx);
    b = await cryptoClient(bob.mx);
    ({ room_id: roomId } = await a.createRoom({
      name: 'Kitchen',
      invite: [w.bot.userId, bob.mx.userId],
      initial_state: [ENCRYPTION],
    }));
    await b.joinRoom(roomId);
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    await waitUntil(
      () =>
        a.getRoom(roomId)?.getJoinedMemberCount() === 3 && b.getRoom(roomId)?.getJoinedMemberCount() === 3,
      10000,
      'everyone to see everyone',
    );
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.stopClient();
    await w.close();
  });

  it('answers only when mentioned, and every member reads the encrypted reply', async () => {
    const unaddressed = await b.sendTextMessage(roomId, 'I think we are out of milk');
    const row = await w.finished(unaddressed.event_id);
    assert.deepEqual(row, { status: 'ignored', reason: 'not_addressed' }, 'decrypted, then not addressed');
    w.model.next({ content: 'Added milk to the list.' });
    await a.sendTextMessage(roomId, 'Quorra, add milk to the list');
    assert.deepEqual(await waitForReplies(a, 1), ['Added milk to the list.']);
    assert.deepEqual(await waitForReplies(b, 1), ['Added milk to the list.']);
    assert.deepEqual(userTexts(), ['[Alice] add milk to the list']);
  });

  it('reads a message whose key arrives after it, and answers it once', async () => {
    w.hs.holdToDevice(w.bot.userId);
    const sent = await a.sendTextMessage(roomId, 'Quorra, what is for dinner?');
    await waitUntil(() => w.botIdle(), 10000, 'the bot to take the message in');
    const [row] = await w.app.quorra.db.query('SELECT status FROM matrix_events WHERE event_id = ?', [
      sent.event_id,
    ]);
    assert.equal(row?.status, 'queued', 'waiting for its key');
    w.model.next({ content: 'Soup.' });
    w.hs.releaseToDevice(w.bot.userId);
    assert.deepEqual(await waitForReplies(a, 1), ['Soup.']);
    await w.settled();
    assert.equal(botCiphertexts().length, 1, 'answered once');
    assert.deepEqual(userTexts(), ['[Alice] what is for dinner?']);
  });

  it('shares its room key with a member’s new device after a restart', async () => {
    await a.sendTextMessage(roomId, 'Quorra, hello');
    await waitForReplies(a, 1);
    await w.stopBot();
    await w.boot();
    const phone = await cryptoClient(w.hs.loginUser('alice'));
    await waitUntil(() => phone.getRoom(roomId), 10000, 'the new device to see the room');
    w.model.next({ content: 'Hello on your new phone.' });
    await a.sendTextMessage(roomId, 'Quorra, can my phone read you?');
    await waitUntil(
      () =>
        (phone.getRoom(roomId)?.getLiveTimeline().getEvents() ?? []).some(
          (e) => e.getSender() === w.bot.userId && e.getContent().body === 'Hello on your new phone.',
        ),
      15000,
      'the new device to read the reply',
    );
  });

  it('rotates its room key when a member leaves, so they cannot read what follows', async () => {
    await a.sendTextMessage(roomId, 'Quorra, first');
    await waitForReplies(a, 1);
    const before = botCiphertexts()[0].content.session_id;
    await b.leave(roomId);
    await waitUntil(() => w.hs.membership(roomId, bob.mx.userId) === 'leave', 10000, 'bob to leave');
    await a.sendTextMessage(roomId, 'Quorra, second, just between us');
    await waitForReplies(a, 2);
    const after = botCiphertexts()[1].content.session_id;
    assert.notEqual(after, before, 'a new Megolm session after the leave');
  });
});
