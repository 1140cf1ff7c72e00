// The homeserver double's stream: which long-polls a change wakes (the users it may concern), and that they answer.
import assert from 'node:assert/strict';
import { rawApi, twoUsersEachTest } from './raw-api.ts';
import { Stream } from './stream.ts';
import { waitUntil } from './test-clients.ts';

describe('matrix homeserver double: stream wake-ups', () => {
  it('wakes the waiters of the users a change concerns, and every waiter when it names none', async () => {
    const stream = new Stream();
    const woken: string[] = [];
    const wait = (name: string, userId?: string) =>
      stream.waitBeyond(stream.pos, 600000, undefined, userId).then(() => woken.push(name));
    const [a, b, anyone] = [wait('a', '@a:x'), wait('b', '@b:x'), wait('anyone')];
    stream.advance((userId) => userId === '@a:x');
    await a;
    await anyone;
    assert.deepEqual(woken.sort(), ['a', 'anyone']);
    assert.equal(stream.waiting, 1, "b's waiter still waits");
    stream.advance();
    await b;
    assert.equal(stream.waiting, 0);
  });

  describe('over HTTP', () => {
    const double = twoUsersEachTest();
    const { api, sync } = rawApi(() => double.hs.url);
    const enc = encodeURIComponent;

    /** Starts a long-poll from now and returns, once it waits, its answer to come (wrapped, so it is not awaited). */
    const longPoll = async (token: string) => {
      const { next_batch: since } = await sync(token);
      const before = double.hs.pendingSyncs;
      const pending = sync(token, `since=${since}&timeout=600000`);
      await waitUntil(() => double.hs.pendingSyncs === before + 1, 10000, 'the long-poll to wait');
      return { answer: pending };
    };

    it('answers a long-poll for an invite to a room it was never in, its own account data, typing in its room', async () => {
      const { hs, alice, bob } = double;
      const roomId = hs.createRoom(alice.userId, {});
      const invited = await longPoll(bob.accessToken);
      // events in a room bob has nothing to do with leave his long-poll waiting; the invite answers it
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'not for bob' });
      await api('POST', `/rooms/${enc(roomId)}/invite`, {
        token: alice.accessToken,
        body: { user_id: bob.userId },
      });
      assert.ok((await invited.answer).rooms.invite[roomId]);
      hs.join(bob.userId, roomId);

      const accountData = await longPoll(bob.accessToken);
      hs.state.users.setAccountData(alice.userId, 'x.alice', { n: 1 });
      await api('PUT', `/user/${enc(bob.userId)}/account_data/x.bob`, {
        token: bob.accessToken,
        body: { n: 2 },
      });
      assert.deepEqual(
        (await accountData.answer).account_data.events.map((e: any) => e.type),
        ['x.bob'],
      );

      const typing = await longPoll(bob.accessToken);
      hs.state.rooms.setTyping(alice.userId, roomId, true);
      const ephemeral = (await typing.answer).rooms.join[roomId].ephemeral.events;
      assert.deepEqual(ephemeral, [{ type: 'm.typing', content: { user_ids: [alice.userId] } }]);
    });
  });
});
