// The homeserver double over a room's history: membership and state at old positions, long rooms read by position.
import assert from 'node:assert/strict';
import { rawApi, twoUsersEachTest } from './raw-api.ts';

describe('matrix homeserver double: room history', () => {
  const double = twoUsersEachTest();
  const { api, sync } = rawApi(() => double.hs.url);
  const enc = encodeURIComponent;
  const say = (userId: string, roomId: string, body: string) =>
    double.hs.sendAsUser(userId, roomId, { msgtype: 'm.text', body });
  const pos = () => double.hs.state.stream.pos;
  const bodies = (events: any[]) => events.map((e) => e.content.body ?? e.content.membership ?? e.type);
  const topicOf = (state: { type: string; content: Record<string, unknown> }[]) =>
    state.find((e) => e.type === 'm.room.topic')?.content.topic;

  it('answers membership and state at any old position over join, leave and rejoin', () => {
    const { hs, alice, bob } = double;
    const roomId = hs.createRoom(alice.userId, { preset: 'public_chat', topic: 'A' });
    const room = hs.state.rooms.get(roomId);
    const beforeBob = pos();
    hs.join(bob.userId, roomId);
    const joined = pos();
    say(alice.userId, roomId, 'one');
    hs.setStateAsUser(alice.userId, roomId, 'm.room.topic', '', { topic: 'B' });
    const topicB = pos();
    hs.state.rooms.leave(bob.userId, roomId);
    const left = pos();
    hs.setStateAsUser(alice.userId, roomId, 'm.room.topic', '', { topic: 'C' });
    hs.join(bob.userId, roomId);
    for (let i = 0; i < 50; i++) say(alice.userId, roomId, `later ${i}`);

    assert.deepEqual(
      [beforeBob, joined, topicB, left, left + 1, left + 2, pos()].map((p) =>
        room.membershipAt(bob.userId, p),
      ),
      [undefined, 'join', 'join', 'leave', 'leave', 'join', 'join'],
    );
    assert.deepEqual(
      [beforeBob, topicB - 1, topicB, left + 1, pos()].map((p) => topicOf([...room.stateAt(p).values()])),
      ['A', 'A', 'B', 'C', 'C'],
    );
    // state at a position keeps the order the keys first appeared in, as the current state does
    assert.deepEqual([...room.stateAt(pos()).keys()], [...room.state.keys()]);
    assert.equal(room.memberEventAt(bob.userId, topicB)?.content.membership, 'join');
    assert.deepEqual(hs.state.rooms.of(bob.userId), [room]);
    assert.deepEqual(hs.state.rooms.of(hs.registerUser('carol').userId), []);
  });

  it('syncs a leave with the events up to it, then a rejoin with the state as of its timeline', async () => {
    const { hs, alice, bob } = double;
    const roomId = hs.createRoom(alice.userId, { preset: 'public_chat', topic: 'A' });
    hs.join(bob.userId, roomId);
    const { next_batch: whileIn } = await sync(bob.accessToken);
    for (let i = 1; i <= 20; i++) say(alice.userId, roomId, `m${i}`);
    await api('POST', `/rooms/${enc(roomId)}/leave`, { token: bob.accessToken, body: {} });
    say(alice.userId, roomId, 'after he left');
    const limit = enc(JSON.stringify({ room: { timeline: { limit: 5 } } }));
    const leftSync = await sync(bob.accessToken, `since=${whileIn}&filter=${limit}`);
    const left = leftSync.rooms.leave[roomId].timeline;
    assert.deepEqual(bodies(left.events), ['m17', 'm18', 'm19', 'm20', 'leave']);
    assert.equal(left.limited, true);
    assert.deepEqual(leftSync.rooms.join, {});

    const { next_batch: whileOut } = leftSync;
    hs.setStateAsUser(alice.userId, roomId, 'm.room.topic', '', { topic: 'B' });
    hs.join(bob.userId, roomId);
    for (let i = 1; i <= 3; i++) say(alice.userId, roomId, `back ${i}`);
    // a rejoin is a fresh start: the last events of the whole room, the state as of the first of them
    const rejoined = (await sync(bob.accessToken, `since=${whileOut}&filter=${limit}`)).rooms.join[roomId];
    assert.deepEqual(bodies(rejoined.timeline.events), [
      'm.room.topic',
      'join',
      'back 1',
      'back 2',
      'back 3',
    ]);
    assert.equal(rejoined.timeline.limited, true);
    assert.equal(topicOf(rejoined.state.events), 'A', 'the topic before the timeline, not the one in it');
    const own = rejoined.state.events.find((e: any) => e.state_key === bob.userId);
    assert.equal(own.content.membership, 'leave', 'his membership before the timeline');
  });

  it('reads a long room by position: an incremental sync returns only what is new, /messages pages from anywhere', async () => {
    const { hs, alice, bob } = double;
    const roomId = hs.createRoom(alice.userId, { invite: [bob.userId], topic: 'Long' });
    hs.join(bob.userId, roomId);
    for (let i = 0; i < 2000; i++) say(alice.userId, roomId, `old ${i}`);
    const first = hs.roomMessages(roomId)[0];
    const initial = (await sync(bob.accessToken)).rooms.join[roomId];
    assert.deepEqual(
      bodies(initial.timeline.events),
      Array.from({ length: 10 }, (_, i) => `old ${1990 + i}`),
    );
    assert.equal(initial.timeline.limited, true);
    assert.equal(topicOf(initial.state.events), 'Long');
    const { next_batch: since } = await sync(bob.accessToken, 'timeout=0');
    const tokenBefore = pos();
    say(alice.userId, roomId, 'new 1');
    say(bob.userId, roomId, 'new 2');
    const next = await sync(bob.accessToken, `since=${since}`);
    const timeline = next.rooms.join[roomId].timeline;
    assert.deepEqual(bodies(timeline.events), ['new 1', 'new 2']);
    assert.equal(timeline.limited, false);
    assert.equal(timeline.prev_batch, `s${tokenBefore}`);
    assert.deepEqual(next.rooms.join[roomId].state.events, []);
    const notMine = enc(JSON.stringify({ room: { timeline: { not_senders: [bob.userId], limit: 1 } } }));
    const filtered = (await sync(bob.accessToken, `since=${since}&filter=${notMine}`)).rooms.join[roomId];
    assert.deepEqual(bodies(filtered.timeline.events), ['new 1']);
    assert.equal(filtered.timeline.limited, false, 'only one event passed the filter');

    const page = async (query: string) =>
      (await api('GET', `/rooms/${enc(roomId)}/messages?${query}`, { token: bob.accessToken })).body;
    const middle = hs.roomMessages(roomId)[1001];
    const back = await page(`dir=b&limit=3&from=${next.rooms.join[roomId].timeline.prev_batch}`);
    assert.deepEqual(bodies(back.chunk), ['old 1999', 'old 1998', 'old 1997']);
    assert.equal(back.end, `s${tokenBefore - 3}`);
    const forward = await page(`dir=f&limit=2&from=${back.end}`);
    assert.deepEqual(bodies(forward.chunk), ['old 1997', 'old 1998']);
    const fromMiddle = await page(
      `dir=f&limit=1000&from=s${hs.state.rooms.get(roomId).event(middle.event_id)!.pos}`,
    );
    assert.equal(fromMiddle.chunk.length, 1000);
    assert.equal(fromMiddle.end, undefined, 'the rest of the room fits: no further page');
    assert.deepEqual(bodies(fromMiddle.chunk.slice(-3)), ['old 1999', 'new 1', 'new 2']);
    const start = await page('dir=f&limit=1&from=s0');
    assert.equal(start.chunk[0].type, 'm.room.create');
    const early = await api('GET', `/rooms/${enc(roomId)}/event/${enc(first.event_id)}`, {
      token: bob.accessToken,
    });
    assert.equal(early.body.content.body, 'old 0');
  });

  it('syncs receipts, account data and to-device messages since the token only', async () => {
    const { hs, alice, bob } = double;
    const roomId = hs.createRoom(alice.userId, { invite: [bob.userId] });
    hs.join(bob.userId, roomId);
    const ids = Array.from({ length: 30 }, (_, i) => say(alice.userId, roomId, `m${i}`));
    const read = (userId: string, eventId: string, type = 'm.read') =>
      hs.state.rooms.addReceipt(userId, roomId, type, eventId);
    read(bob.userId, ids[0]);
    hs.state.users.setAccountData(bob.userId, 'm.fully_read', { event_id: ids[0] }, roomId);
    hs.state.keys.sendToDevice(alice.userId, 'm.room_key', { [bob.userId]: { [bob.deviceId]: { n: 1 } } });
    const { next_batch: since } = await sync(bob.accessToken);
    read(bob.userId, ids[29]);
    read(alice.userId, ids[28], 'm.read.private');
    hs.state.users.setAccountData(bob.userId, 'x.later', { n: 2 }, roomId);
    hs.state.keys.sendToDevice(alice.userId, 'm.room_key', { [bob.userId]: { [bob.deviceId]: { n: 2 } } });
    const next = await sync(bob.accessToken, `since=${since}`);
    const room = next.rooms.join[roomId];
    assert.deepEqual(
      room.ephemeral.events.map((e: any) => Object.keys(e.content)),
      [[ids[29]]],
    );
    assert.deepEqual(
      room.account_data.events.map((e: any) => e.type),
      ['x.later'],
    );
    assert.deepEqual(
      next.to_device.events.map((e: any) => e.content.n),
      [2],
    );
  });
});
