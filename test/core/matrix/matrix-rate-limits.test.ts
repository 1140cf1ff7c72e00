// A 429 holds only the call it throttles: other rooms keep being answered, and stopping ends the wait without losing the message.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { TestUser } from '../../support/household.ts';
import type { RecordedRequest, RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { MatrixWorld } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));

describe('Matrix runtime: rate limits', () => {
  const w = new MatrixWorld({ pluginRoots: [houseRoot] });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
  });
  after(() => w.close());

  const byBot = (test: (r: RecordedRequest) => boolean) => (r: RecordedRequest) =>
    r.userId === w.bot.userId && test(r);
  const sendIn = (roomId: string) => (r: RecordedRequest) =>
    r.method === 'PUT' && r.path.includes(`/rooms/${encodeURIComponent(roomId)}/send/`);
  const limited = (test: (r: RecordedRequest) => boolean) =>
    w.hs.requests.some((r) => byBot(test)(r) && r.status === 429);

  /** Milliseconds from a member's message to the bot's reply in that room. */
  async function replyLatency(user: RegisteredUser, roomId: string, body: string): Promise<number> {
    const n = w.botMessages(roomId).length;
    const sentAt = Date.now();
    w.hs.sendAsUser(user.userId, roomId, { msgtype: 'm.text', body });
    await w.botReplies(roomId, n + 1);
    return Date.now() - sentAt;
  }

  it('a 60 s retry_after_ms on one room’s send and another room’s join delays no other room’s reply by more than 1 s', async () => {
    const aliceDm = await w.dm(alice.mx);
    const bobDm = await w.dm(bob.mx);
    await replyLatency(bob.mx, bobDm, 'warm-up');
    const baseline = await replyLatency(bob.mx, bobDm, 'how long without a rate limit?');

    w.hs.rateLimitNext(1, { retryAfterMs: 60_000, match: byBot(sendIn(aliceDm)) });
    w.hs.sendAsUser(alice.mx.userId, aliceDm, { msgtype: 'm.text', body: 'this reply is throttled' });
    await waitUntil(() => limited(sendIn(aliceDm)), 10000, 'the throttled send');
    const isJoin = (r: RecordedRequest) => r.method === 'POST' && /\/join\//.test(r.path);
    w.hs.rateLimitNext(1, { retryAfterMs: 60_000, match: byBot(isJoin) });
    const shed = w.hs.createRoom(alice.mx.userId, { name: 'Shed', invite: [w.bot.userId] });
    await waitUntil(() => limited(isJoin), 10000, 'the throttled join');

    const throttled = await replyLatency(bob.mx, bobDm, 'are you still with me?');
    assert.equal(w.botMessages(aliceDm).length, 0, 'the throttled reply is still waiting');
    assert.equal(w.hs.membership(shed, w.bot.userId), 'invite', 'the throttled join is still waiting');
    const delay = throttled - baseline;
    assert.ok(delay < 1000, `another room's reply was delayed by ${delay} ms`);

    // stopping cuts the 60 s waits short; the throttled message is answered once after the restart
    const stoppedAt = Date.now();
    await w.app.stop();
    assert.ok(Date.now() - stoppedAt < 10_000, 'the waits did not hold the shutdown');
    await w.boot();
    await w.botReplies(aliceDm, 1);
    await waitUntil(
      () => w.hs.membership(shed, w.bot.userId) === 'join',
      10000,
      'the join after the restart',
    );
    await w.settled();
    assert.equal(w.botMessages(aliceDm).length, 1);
  });
});
