// A slow or queued turn keeps the typing notice on: the bot renews it until the answer is sent, then clears it.
import assert from 'node:assert/strict';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { MatrixWorld } from './matrix-world.ts';

describe('Matrix runtime: typing while a turn waits', () => {
  const w = new MatrixWorld({ config: { matrix: { typingRenewMs: 150 } } });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let aliceClient: JsClient;

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    aliceClient = await w.client(alice.mx);
  });
  after(() => w.close());

  it('renews the typing notice while the model takes its time, and clears it after the answer', async () => {
    const { room_id: roomId } = await aliceClient.createRoom({
      is_direct: true,
      invite: [w.bot.userId],
      preset: 'trusted_private_chat' as never,
    });
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    w.model.next({ content: 'Here you go.', delayMs: 1200 });
    await aliceClient.sendTextMessage(roomId, 'take your time');
    await w.botReplies(roomId, 1);
    const typing = () =>
      w.hs.requests
        .filter((r) => r.userId === w.bot.userId && r.path.includes('/typing/'))
        .map((r) => r.body.typing);
    await waitUntil(() => typing().at(-1) === false, 10000, 'typing off');
    const states = typing();
    assert.ok(states.filter((t) => t === true).length >= 3, `typing renewed: ${JSON.stringify(states)}`);
    assert.deepEqual(
      states.slice(0, -1),
      states.slice(0, -1).map(() => true),
      'on until the end',
    );
    assert.equal(states.at(-1), false);
  });
});
