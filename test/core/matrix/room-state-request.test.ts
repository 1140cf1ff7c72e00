// The bot reads `m.room.encryption` as `/state/m.room.encryption`, which a strict homeserver (and the double) accepts.
import assert from 'node:assert/strict';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { MatrixWorld } from './matrix-world.ts';

describe('Matrix room state requests', () => {
  const w = new MatrixWorld();
  let alice: RegisteredUser;
  before(async () => {
    await w.start();
    alice = (await w.member('alice', 'Alice')).mx;
  });
  after(() => w.close());

  it('asks for the encryption state without the trailing slash, and never meets M_UNRECOGNIZED', async () => {
    const roomId = await w.dm(alice);
    w.model.next({ content: 'Hello!' });
    w.hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'hi' });
    await w.botReplies(roomId, 1);
    const stateReads = w.hs.requests.filter(
      (r) => r.userId === w.bot.userId && r.method === 'GET' && r.path.includes('/state/m.room.encryption'),
    );
    assert.ok(stateReads.length >= 1, 'the bot read the room’s encryption state');
    for (const r of stateReads) {
      assert.ok(r.path.endsWith('/state/m.room.encryption'), r.path);
    }
    assert.deepEqual(w.hs.unhandled, []);
  });

  it('has the double refuse the trailing-slash form as a strict homeserver does', async () => {
    const roomId = await w.dm(alice);
    const url = (tail: string) =>
      `${w.hs.url}/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/state/m.room.create${tail}`;
    const headers = { authorization: `Bearer ${alice.accessToken}` };
    const slash = await fetch(url('/'), { headers });
    assert.equal(slash.status, 404);
    assert.equal((await slash.json()).errcode, 'M_UNRECOGNIZED');
    const plain = await fetch(url(''), { headers });
    assert.equal(plain.status, 200);
  });
});
