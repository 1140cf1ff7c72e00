// The homeserver double over raw HTTP: auth, transactions, sync tokens and long-polls, state, relations, faults.
import assert from 'node:assert/strict';
import { closeChecked, rawApi, startTwoUsers, type TwoUsers } from './raw-api.ts';
import { waitUntil } from './test-clients.ts';

describe('matrix homeserver double: Client-Server API over HTTP', () => {
  let { hs, alice, bob } = {} as TwoUsers;
  beforeEach(async () => {
    ({ hs, alice, bob } = await startTwoUsers());
  });

  afterEach(() => closeChecked(hs));

  const { api, sync, send } = rawApi(() => hs.url);
  const enc = encodeURIComponent;

  it('logs in with a password, answers whoami, and rejects bad or missing tokens', async () => {
    const versions = await api('GET', '/_matrix/client/versions');
    assert.ok(versions.body.versions.includes('v1.1'));
    const login = await api('POST', '/login', {
      body: {
        type: 'm.login.password',
        identifier: { type: 'm.id.user', user: 'alice' },
        password: alice.password,
      },
    });
    assert.equal(login.body.user_id, alice.userId);
    const whoami = await api('GET', '/account/whoami', { token: login.body.access_token });
    assert.deepEqual(whoami.body, {
      user_id: alice.userId,
      device_id: login.body.device_id,
      is_guest: false,
    });
    const viaQuery = await api('GET', `/account/whoami?access_token=${enc(alice.accessToken)}`);
    assert.equal(viaQuery.body.user_id, alice.userId);
    const bad = await api('GET', '/account/whoami', { token: 'nope' });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.errcode, 'M_UNKNOWN_TOKEN');
    assert.equal((await api('GET', '/joined_rooms')).body.errcode, 'M_MISSING_TOKEN');
    const wrong = await api('POST', '/login', {
      body: { type: 'm.login.password', user: 'alice', password: 'x' },
    });
    assert.deepEqual([wrong.status, wrong.body.errcode], [403, 'M_FORBIDDEN']);
  });

  it('answers unknown endpoints with 404 M_UNRECOGNIZED and lists them in `unhandled`', async () => {
    const res = await api('GET', '/rooms/!x:localhost/hierarchy', { token: alice.accessToken });
    assert.deepEqual([res.status, res.body.errcode], [404, 'M_UNRECOGNIZED']);
    assert.deepEqual(hs.unhandled, [
      { method: 'GET', path: '/_matrix/client/v3/rooms/!x:localhost/hierarchy' },
    ]);
  });

  it('makes sends idempotent per access token and transaction id, with realistic event fields', async () => {
    const roomId = hs.createRoom(alice.userId, { name: 'Hall' });
    const first = await send(alice.accessToken, roomId, 'txn1', 'hello');
    const again = await send(alice.accessToken, roomId, 'txn1', 'hello');
    assert.equal(again.body.event_id, first.body.event_id);
    const otherSession = hs.loginUser('alice');
    const other = await send(otherSession.accessToken, roomId, 'txn1', 'hello');
    assert.notEqual(other.body.event_id, first.body.event_id);
    assert.equal(hs.roomMessages(roomId).length, 2);

    const ev = (
      await api('GET', `/rooms/${enc(roomId)}/event/${enc(first.body.event_id)}`, {
        token: alice.accessToken,
      })
    ).body;
    assert.match(ev.event_id, /^\$[A-Za-z0-9_-]{43}$/);
    assert.equal(ev.sender, alice.userId);
    assert.equal(ev.room_id, roomId);
    assert.equal(ev.unsigned.transaction_id, 'txn1');
    assert.equal(typeof ev.unsigned.age, 'number');
    const seenByOther = (
      await api('GET', `/rooms/${enc(roomId)}/event/${enc(first.body.event_id)}`, {
        token: otherSession.accessToken,
      })
    ).body;
    assert.equal(seenByOther.unsigned.transaction_id, undefined);
    const stamps = hs.roomEvents(roomId).map((e) => e.origin_server_ts);
    assert.deepEqual(
      stamps,
      [...stamps].sort((a, b) => a - b),
    );
  });

  it('resumes sync from a since token: later events arrive exactly once, tokens can be replayed', async () => {
    const roomId = hs.createRoom(alice.userId, { name: 'Hall' });
    const initial = await sync(alice.accessToken);
    assert.ok(initial.rooms.join[roomId]);
    await send(alice.accessToken, roomId, 'a', 'one');
    hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'two' });
    const next = await sync(alice.accessToken, `since=${initial.next_batch}`);
    const timeline = next.rooms.join[roomId].timeline;
    assert.deepEqual(
      timeline.events.map((e: any) => e.content.body),
      ['one', 'two'],
    );
    assert.equal(timeline.events[0].unsigned.transaction_id, 'a');
    assert.equal(timeline.events[0].room_id, undefined);
    assert.equal(timeline.limited, false);
    const after = await sync(alice.accessToken, `since=${next.next_batch}&timeout=0`);
    assert.deepEqual(after.rooms.join, {});
    assert.equal(after.next_batch, next.next_batch);
    const replay = await sync(alice.accessToken, `since=${initial.next_batch}`);
    assert.equal(replay.rooms.join[roomId].timeline.events.length, 2);
  });

  it('returns a waiting long-poll as soon as a new event arrives', async () => {
    const roomId = hs.createRoom(alice.userId, {});
    const { next_batch: since } = await sync(alice.accessToken);
    // The long-poll timeout is far beyond mocha's, so only an early return lets this test pass.
    const pending = sync(alice.accessToken, `since=${since}&timeout=600000`);
    await waitUntil(() => hs.pendingSyncs === 1, 10000, 'the long-poll to wait');
    hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'wake up' });
    const res = await pending;
    assert.equal(res.rooms.join[roomId].timeline.events[0].content.body, 'wake up');
  });

  it('reports invites with stripped invite_state, then joins and leaves', async () => {
    const roomId = hs.createRoom(alice.userId, { name: 'Garden' });
    const { next_batch: since } = await sync(bob.accessToken);
    await api('POST', `/rooms/${enc(roomId)}/invite`, {
      token: alice.accessToken,
      body: { user_id: bob.userId },
    });
    const invited = await sync(bob.accessToken, `since=${since}`);
    const inviteState = invited.rooms.invite[roomId].invite_state.events;
    const own = inviteState.find((e: any) => e.type === 'm.room.member' && e.state_key === bob.userId);
    assert.deepEqual(Object.keys(own).sort(), ['content', 'sender', 'state_key', 'type']);
    assert.equal(own.content.membership, 'invite');
    assert.ok(inviteState.some((e: any) => e.type === 'm.room.name' && e.content.name === 'Garden'));

    const joined = await api('POST', `/join/${enc(roomId)}`, { token: bob.accessToken, body: {} });
    assert.equal(joined.body.room_id, roomId);
    const members = await api('GET', `/rooms/${enc(roomId)}/joined_members`, { token: bob.accessToken });
    assert.deepEqual(Object.keys(members.body.joined).sort(), [alice.userId, bob.userId]);
    await api('POST', `/rooms/${enc(roomId)}/leave`, { token: bob.accessToken, body: {} });
    const left = await sync(bob.accessToken, `since=${invited.next_batch}`);
    const events = left.rooms.leave[roomId].timeline.events;
    assert.equal(events.at(-1).content.membership, 'leave');
    assert.deepEqual((await api('GET', '/joined_rooms', { token: bob.accessToken })).body, {
      joined_rooms: [],
    });
  });

  it('stores state, enforces power levels and membership, and serves the room state', async () => {
    const roomId = hs.createRoom(alice.userId, { invite: [bob.userId] });
    hs.join(bob.userId, roomId);
    const put = await api('PUT', `/rooms/${enc(roomId)}/state/m.room.topic/`, {
      token: alice.accessToken,
      body: { topic: 'Groceries' },
    });
    assert.match(put.body.event_id, /^\$/);
    const topic = await api('GET', `/rooms/${enc(roomId)}/state/m.room.topic`, { token: bob.accessToken });
    assert.deepEqual(topic.body, { topic: 'Groceries' });
    const denied = await api('PUT', `/rooms/${enc(roomId)}/state/m.room.name`, {
      token: bob.accessToken,
      body: { name: 'Mine' },
    });
    assert.deepEqual([denied.status, denied.body.errcode], [403, 'M_FORBIDDEN']);
    const state = await api('GET', `/rooms/${enc(roomId)}/state`, { token: alice.accessToken });
    assert.ok(state.body.some((e: any) => e.type === 'm.room.create' && e.state_key === ''));
    const carol = hs.registerUser('carol');
    const outsider = await send(carol.accessToken, roomId, 't', 'let me in');
    assert.deepEqual([outsider.status, outsider.body.errcode], [403, 'M_FORBIDDEN']);
  });

  it('returns relations (threads, edits) but not plain replies', async () => {
    const roomId = hs.createRoom(alice.userId, {});
    const root = hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body: 'root' });
    const rel = (relates: Record<string, unknown>, body: string) =>
      hs.sendAsUser(alice.userId, roomId, { msgtype: 'm.text', body, 'm.relates_to': relates });
    const thread = rel({ rel_type: 'm.thread', event_id: root, is_falling_back: true }, 'in thread');
    rel({ 'm.in_reply_to': { event_id: root } }, 'a reply');
    const edit = rel({ rel_type: 'm.replace', event_id: root }, '* root');
    const all = await api('GET', `/_matrix/client/v1/rooms/${enc(roomId)}/relations/${enc(root)}`, {
      token: alice.accessToken,
    });
    assert.deepEqual(
      all.body.chunk.map((e: any) => e.event_id),
      [edit, thread],
    );
    const threads = await api(
      'GET',
      `/_matrix/client/v1/rooms/${enc(roomId)}/relations/${enc(root)}/m.thread`,
      {
        token: alice.accessToken,
      },
    );
    assert.deepEqual(
      threads.body.chunk.map((e: any) => e.content.body),
      ['in thread'],
    );
  });

  it('keeps account data and profiles, and syncs typing and account data', async () => {
    const roomId = hs.createRoom(alice.userId, {});
    const path = `/user/${enc(alice.userId)}/account_data/org.quorra.prefs`;
    assert.equal((await api('GET', path, { token: alice.accessToken })).body.errcode, 'M_NOT_FOUND');
    const { next_batch: since } = await sync(alice.accessToken);
    await api('PUT', path, { token: alice.accessToken, body: { units: 'metric' } });
    await api('PUT', `/rooms/${enc(roomId)}/typing/${enc(alice.userId)}`, {
      token: alice.accessToken,
      body: { typing: true, timeout: 30000 },
    });
    await api('PUT', `/profile/${enc(alice.userId)}/displayname`, {
      token: alice.accessToken,
      body: { displayname: 'Alice B.' },
    });
    const res = await sync(alice.accessToken, `since=${since}`);
    assert.deepEqual(res.account_data.events, [{ type: 'org.quorra.prefs', content: { units: 'metric' } }]);
    const room = res.rooms.join[roomId];
    assert.deepEqual(room.ephemeral.events, [{ type: 'm.typing', content: { user_ids: [alice.userId] } }]);
    assert.equal(room.timeline.events.at(-1).content.displayname, 'Alice B.');
    const profile = await api('GET', `/profile/${enc(alice.userId)}`, { token: bob.accessToken });
    assert.deepEqual(profile.body, { displayname: 'Alice B.' });
  });

  it('rate-limits and fails requests on demand', async () => {
    const roomId = hs.createRoom(alice.userId, {});
    hs.rateLimitNext(1, { retryAfterMs: 1500, match: /\/send\// });
    hs.failNext(1, { match: (req) => req.body?.body === 'boom' });
    const limited = await send(alice.accessToken, roomId, 'x', 'hi');
    assert.equal(limited.status, 429);
    assert.deepEqual(limited.body, {
      errcode: 'M_LIMIT_EXCEEDED',
      error: 'Too Many Requests',
      retry_after_ms: 1500,
    });
    assert.equal(limited.headers.get('retry-after'), '2');
    assert.equal((await send(alice.accessToken, roomId, 'x', 'hi')).status, 200);
    assert.equal((await send(alice.accessToken, roomId, 'y', 'boom')).status, 500);
    assert.equal((await send(alice.accessToken, roomId, 'y', 'boom')).status, 200);
    assert.equal(hs.pendingFaults, 0);
    assert.equal(hs.roomMessages(roomId).length, 2);
  });

  it('ends pending long-polls when it closes', async () => {
    const { next_batch: since } = await sync(alice.accessToken);
    const pending = sync(alice.accessToken, `since=${since}&timeout=600000`);
    await waitUntil(() => hs.pendingSyncs === 1, 10000, 'the long-poll to wait');
    await hs.close();
    assert.equal((await pending).next_batch, since);
  });
});
