// The double's end-to-end encryption endpoints, driven by two matrix-js-sdk clients with Rust crypto: keys, claims, to-device.
import assert from 'node:assert/strict';
import { type MatrixClient, type MatrixEvent, MatrixEventEvent, RoomEvent } from 'matrix-js-sdk';
import { MatrixHomeserver } from './index.ts';
import { silenceMatrixSdkLogs, startMemberClient, waitUntil } from './test-clients.ts';

/** The next decrypted message a client sees in a room. */
function nextClearMessage(client: MatrixClient, roomId: string): Promise<MatrixEvent> {
  return new Promise((resolve) => {
    const check = (ev: MatrixEvent) => {
      if (ev.getRoomId() === roomId && ev.getType() === 'm.room.message' && !ev.isDecryptionFailure())
        resolve(ev);
    };
    client.on(MatrixEventEvent.Decrypted, check);
    client.on(RoomEvent.Timeline, (ev) => {
      if (!ev.isEncrypted()) check(ev);
    });
  });
}

describe('matrix homeserver double: end-to-end encryption', () => {
  let hs: MatrixHomeserver;
  const clients: MatrixClient[] = [];

  before(async () => {
    silenceMatrixSdkLogs();
    hs = await MatrixHomeserver.start();
  });
  after(async () => {
    for (const c of clients) c.stopClient();
    await hs.close();
    assert.deepEqual(hs.unhandled, []);
    assert.deepEqual(hs.crashes, []);
  });

  it('carries keys, one-time key claims and to-device room keys so two Rust-crypto clients can talk encrypted', async () => {
    const alice = hs.registerUser('alice');
    const bob = hs.registerUser('bob');
    const a = await startMemberClient(hs.url, alice, 20, { crypto: true });
    const b = await startMemberClient(hs.url, bob, 20, { crypto: true });
    clients.push(a, b);
    await waitUntil(
      () => hs.requests.filter((r) => r.path.endsWith('/keys/upload')).length >= 2,
      10000,
      'key uploads',
    );
    const roomId = hs.createRoom(alice.userId, {
      invite: [bob.userId],
      initial_state: [
        { type: 'm.room.encryption', state_key: '', content: { algorithm: 'm.megolm.v1.aes-sha2' } },
      ],
    });
    hs.join(bob.userId, roomId);
    await waitUntil(
      () => a.getRoom(roomId)?.getMember(bob.userId)?.membership === 'join',
      10000,
      'alice to see bob',
    );
    await waitUntil(() => b.getRoom(roomId), 10000, 'bob to see the room');

    const seen = nextClearMessage(b, roomId);
    await a.sendTextMessage(roomId, 'a secret');
    const ev = await seen;
    assert.equal(ev.getContent().body, 'a secret');
    const stored = hs.roomEvents(roomId).filter((e) => e.type === 'm.room.encrypted');
    assert.equal(stored.length, 1, 'the server only ever saw ciphertext');
    assert.ok(!JSON.stringify(stored[0]).includes('a secret'));
    for (const path of ['/keys/query', '/keys/claim', '/sendToDevice/m.room.encrypted/'])
      assert.ok(
        hs.requests.some((r) => r.path.includes(path) && r.status === 200),
        path,
      );
  });
});
