// End-to-end encryption: a household member on matrix-js-sdk with Rust crypto talks to the bot in encrypted rooms.
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

describe('Matrix runtime: end-to-end encryption', () => {
  let w: MatrixWorld;
  let alice: { mx: RegisteredUser; user?: TestUser };
  const clients: MatrixClient[] = [];

  beforeEach(async () => {
    w = await new MatrixWorld({ pluginRoots: [houseRoot], e2ee: true }).start();
    alice = await w.member('alice', 'Alice', 'owner');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.stopClient();
    await w.close();
  });

  const cryptoClient = async (user: RegisteredUser) => {
    const c = await startMemberClient(w.hs.url, user, 20, { crypto: true });
    clients.push(c);
    return c;
  };
  /** The bot's replies in a room as the member's client decrypts them, oldest first. */
  const clearReplies = (client: MatrixClient, roomId: string) =>
    (client.getRoom(roomId)?.getLiveTimeline().getEvents() ?? [])
      .filter((e: MatrixEvent) => e.getSender() === w.bot.userId && e.getType() === 'm.room.message')
      .map((e: MatrixEvent) => e.getContent().body as string);
  const waitForReplies = async (client: MatrixClient, roomId: string, n: number) => {
    await waitUntil(() => clearReplies(client, roomId).length >= n, 15000, `${n} decrypted replies`);
    return clearReplies(client, roomId);
  };
  const encryptedDm = async (client: MatrixClient) => {
    const { room_id: roomId } = await client.createRoom({
      is_direct: true,
      invite: [w.bot.userId],
      preset: 'trusted_private_chat' as never,
      initial_state: [ENCRYPTION],
    });
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    await waitUntil(
      () => client.getRoom(roomId)?.getMember(w.bot.userId)?.membership === 'join',
      10000,
      'the member to see it',
    );
    return roomId;
  };
  const userTexts = () => w.model.chatRequests().map((r) => lastUserText(r.body));

  it('holds an encrypted DM conversation: the server sees only ciphertext, both sides read each other', async () => {
    const a = await cryptoClient(alice.mx);
    const roomId = await encryptedDm(a);
    w.model.next({ content: 'Milk, eggs and **bread**.' });
    await a.sendTextMessage(roomId, 'what do we need from the shop?');
    assert.deepEqual(await waitForReplies(a, roomId, 1), ['Milk, eggs and **bread**.']);
    w.model.next({ content: 'Noted.' });
    await a.sendTextMessage(roomId, 'and coffee');
    assert.deepEqual(await waitForReplies(a, roomId, 2), ['Milk, eggs and **bread**.', 'Noted.']);
    assert.deepEqual(userTexts(), ['what do we need from the shop?', 'and coffee']);
    const events = w.hs
      .roomEvents(roomId)
      .filter((e) => e.type === 'm.room.message' || e.type === 'm.room.encrypted');
    assert.ok(
      events.length >= 4 && events.every((e) => e.type === 'm.room.encrypted'),
      'nothing in clear on the server',
    );
    assert.ok(!JSON.stringify(events).includes('coffee'));
  });

  it('tells the sender in plain words when a message’s key never comes, once per room', async function () {
    this.timeout(40_000);
    const a = await cryptoClient(alice.mx);
    const roomId = await encryptedDm(a);
    const bogus = {
      algorithm: 'm.megolm.v1.aes-sha2',
      sender_key: 'c2VuZGVyIGtleSB0aGF0IGRvZXMgbm90IGV4aXN0',
      session_id: 'c2Vzc2lvbiB0aGF0IG5ldmVyIHdhcyBzaGFyZWQ',
      device_id: alice.mx.deviceId,
      ciphertext: 'AwgAEpABbm90IHJlYWxseSBjaXBoZXJ0ZXh0',
    };
    const lost = w.hs.sendAsUser(alice.mx.userId, roomId, bogus, 'm.room.encrypted');
    const row = await waitUntil(
      async () => {
        const [r] = await w.app.quorra.db.query(
          'SELECT status, reason FROM matrix_events WHERE event_id = ?',
          [lost],
        );
        return r && r.status !== 'queued' && r;
      },
      30000,
      'the bot to give up on the key',
    );
    assert.equal(row.status, 'answered');
    const notices = await waitForReplies(a, roomId, 1);
    assert.match(notices[0], /its encryption key never reached me/);
  });

  it('bootstraps cross-signing for its account and signs its own device with it', async () => {
    const who = w.hs.requests.find(
      (r) => r.userId === w.bot.userId && r.path.endsWith('/keys/device_signing/upload'),
    );
    assert.equal(who?.status, 200);
    const keys = w.hs.state.keys.query(alice.mx.userId, { [w.bot.userId]: [] });
    const selfSigning = keys.self_signing_keys[w.bot.userId];
    assert.ok(keys.master_keys[w.bot.userId] && selfSigning, 'master and self-signing keys published');
    const selfSigningId = Object.keys(selfSigning.keys)[0];
    const devices = Object.values(keys.device_keys[w.bot.userId]) as Record<string, any>[];
    assert.equal(devices.length, 1);
    assert.ok(
      devices[0].signatures[w.bot.userId][selfSigningId],
      'the device is signed by the self-signing key',
    );
  });

  it('keeps its device and sessions across a restart: no lost or doubled reply, old and new messages both readable', async () => {
    const a = await cryptoClient(alice.mx);
    const roomId = await encryptedDm(a);
    await a.sendTextMessage(roomId, 'one');
    await waitForReplies(a, roomId, 1);
    const uploadsBefore = w.hs.requests.filter(
      (r) => r.path.endsWith('/keys/upload') && r.userId === w.bot.userId,
    );
    await w.stopBot();
    await a.sendTextMessage(roomId, 'two, while you were away');
    await w.boot();
    await waitForReplies(a, roomId, 2);
    await a.sendTextMessage(roomId, 'three');
    const replies = await waitForReplies(a, roomId, 3);
    await w.settled();
    assert.equal(replies.length, 3);
    assert.deepEqual(userTexts(), ['one', 'two, while you were away', 'three']);
    const uploads = w.hs.requests.filter((r) => r.path.endsWith('/keys/upload') && r.userId === w.bot.userId);
    assert.ok(
      uploads.slice(uploadsBefore.length).every((r) => !r.body?.device_keys),
      'the restarted bot kept its device keys (no new identity uploaded)',
    );
  });
});
