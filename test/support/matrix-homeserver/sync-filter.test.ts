// The homeserver double's sync filters over raw HTTP: a timeline's senders and types, its limit and paging back.
import assert from 'node:assert/strict';
import { closeChecked, rawApi, startTwoUsers, type TwoUsers } from './raw-api.ts';
import { waitUntil } from './test-clients.ts';

describe('matrix homeserver double: sync filters over HTTP', () => {
  let { hs, alice, bob } = {} as TwoUsers;
  beforeEach(async () => {
    ({ hs, alice, bob } = await startTwoUsers());
  });

  afterEach(() => closeChecked(hs));

  const { api, sync } = rawApi(() => hs.url);
  const enc = encodeURIComponent;

  it("keeps a filter's not_senders out of the timeline and a long-poll waiting for them, their state in the state section (as Synapse)", async () => {
    const roomId = hs.createRoom(alice.userId, { invite: [bob.userId], preset: 'trusted_private_chat' });
    hs.join(bob.userId, roomId);
    const filter = enc(JSON.stringify({ room: { timeline: { not_senders: [bob.userId] } } }));
    const { next_batch: since } = await sync(bob.accessToken, `filter=${filter}`);
    const pending = sync(bob.accessToken, `since=${since}&timeout=600000&filter=${filter}`);
    await waitUntil(() => hs.pendingSyncs === 1, 10000, 'the long-poll to wait');
    // bob's own message leaves his long-poll waiting (nothing new for him), alice's wakes it
    hs.sendAsUser(bob.userId, roomId, { msgtype: 'm.text', body: 'mine' });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(hs.pendingSyncs, 1, 'an own message does not answer the long-poll');
    hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'theirs' });
    const woken = await pending;
    assert.deepEqual(
      woken.rooms.join[roomId].timeline.events.map((e: any) => e.content.body),
      ['theirs'],
    );
    // an own state change kept out of the timeline is still news: it comes in the state section
    const topic = hs.setStateAsUser(bob.userId, roomId, 'm.room.topic', '', { topic: 'Groceries' });
    const room = (await sync(bob.accessToken, `since=${woken.next_batch}&filter=${filter}`)).rooms.join[
      roomId
    ];
    assert.deepEqual(room.timeline.events, []);
    assert.deepEqual(
      room.state.events.map((e: any) => e.event_id),
      [topic],
    );
    const typed = await sync(
      alice.accessToken,
      `since=${since}&filter=${enc('{"room":{"timeline":{"types":["m.room.t*"],"not_types":["m.room.message"]}}}')}`,
    );
    assert.deepEqual(
      typed.rooms.join[roomId].timeline.events.map((e: any) => e.type),
      ['m.room.topic'],
    );
  });

  it('limits timelines by the filter and pages back with /messages from prev_batch', async () => {
    const roomId = hs.createRoom(alice.userId, {});
    const { filter_id: filterId } = (
      await api('POST', `/user/${enc(alice.userId)}/filter`, {
        token: alice.accessToken,
        body: { room: { timeline: { limit: 2 } } },
      })
    ).body;
    const { next_batch: since } = await sync(alice.accessToken, `filter=${filterId}`);
    for (const n of [1, 2, 3, 4, 5])
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: `m${n}` });
    const res = await sync(
      alice.accessToken,
      `since=${since}&filter=${enc('{"room":{"timeline":{"limit":2}}}')}`,
    );
    const timeline = res.rooms.join[roomId].timeline;
    assert.equal(timeline.limited, true);
    assert.deepEqual(
      timeline.events.map((e: any) => e.content.body),
      ['m4', 'm5'],
    );
    const page = (
      await api('GET', `/rooms/${enc(roomId)}/messages?dir=b&limit=3&from=${timeline.prev_batch}`, {
        token: alice.accessToken,
      })
    ).body;
    assert.deepEqual(
      page.chunk.map((e: any) => e.content.body),
      ['m3', 'm2', 'm1'],
    );
    assert.ok(page.end);
  });
});
