// Restarts: the bot resumes from its stored sync position (missed messages answered once, old ones never) and a tier-2 confirmation by reply survives.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Confirmation } from '../../../core/engine/confirmation.entity.ts';
import { EventLog } from '../../../core/matrix/event-log.ts';
import { MatrixKvStore, QuorraStorageProvider } from '../../../core/matrix/matrix-storage.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { lastUserText } from '../../support/model-server.ts';
import { house } from './fixtures/house/matrix-house/index.ts';
import { MatrixWorld, metricValue } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));

describe('Matrix runtime: restarts', () => {
  let w: MatrixWorld;
  let alice: { mx: RegisteredUser; user?: TestUser };

  beforeEach(async () => {
    w = await new MatrixWorld({ pluginRoots: [houseRoot] }).start();
    alice = await w.member('alice', 'Alice', 'owner');
    house.deleted.length = 0;
  });
  afterEach(() => w.close());

  const userTexts = () => w.model.chatRequests().map((r) => lastUserText(r.body));
  const say = (roomId: string, body: string, extra: Record<string, unknown> = {}) =>
    w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body, ...extra });

  it('answers what arrived while it was down exactly once, never what it answered before, nor events older than the window', async () => {
    const roomId = await w.dm(alice.mx);
    say(roomId, 'one');
    await w.botReplies(roomId, 1);
    await w.stopBot();

    say(roomId, 'two');
    say(roomId, 'three');
    const clock = w.hs.state.clock;
    const realNow = clock.now;
    clock.now = () => realNow.call(clock) - 2 * 3600_000;
    say(roomId, 'ancient, from before the catch-up window');
    clock.now = realNow;
    assert.equal(w.botMessages(roomId).length, 1, 'nobody answers while the bot is down');

    const restartedAt = w.hs.requests.length;
    await w.boot();
    await w.botReplies(roomId, 3);
    say(roomId, 'four');
    await w.botReplies(roomId, 4);
    await w.settled();
    assert.deepEqual(userTexts(), ['one', 'two', 'three', 'four']);
    assert.equal(w.botMessages(roomId).length, 4);
    const syncs = w.hs.requests
      .slice(restartedAt)
      .filter((r) => r.userId === w.bot.userId && r.path.endsWith('/sync'));
    assert.ok(
      syncs.length && syncs.every((r) => r.query.since),
      'the restarted bot resumed from its stored token',
    );
    assert.equal(
      metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="too_old"'),
      1,
    );
  });

  it('answers nothing twice when a crash lost the newest sync position and the homeserver delivers again', async () => {
    const roomId = await w.dm(alice.mx);
    const botSyncs = () =>
      w.hs.requests.filter((r) => r.userId === w.bot.userId && r.path.endsWith('/sync') && r.query.since);
    // the position the bot polled from before anything was said: what a crash right after taking the messages in leaves
    const before = botSyncs().at(-1)!.query.since;
    say(roomId, 'one');
    await w.botReplies(roomId, 1);
    say(roomId, 'two');
    await w.botReplies(roomId, 2);
    await w.stopBot();
    // through the bot's own storage, on a boot without Matrix, so it is the same on SQLite and PostgreSQL
    await w.bootWithoutMatrix();
    await new QuorraStorageProvider(new MatrixKvStore(w.app.quorra.db)).setSyncToken(before);
    await w.app.stop();

    const restartedAt = w.hs.requests.length;
    await w.boot();
    await waitUntil(
      () =>
        w.hs.requests.slice(restartedAt).some((r) => r.userId === w.bot.userId && r.query.since === before),
      10000,
      'the bot to resume from the older position',
    );
    say(roomId, 'three');
    await w.botReplies(roomId, 3);
    await w.settled();
    assert.deepEqual(userTexts(), ['one', 'two', 'three']);
    assert.equal(w.botMessages(roomId).length, 3);
    assert.ok(
      metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="duplicate"') >= 2,
      'the events delivered again were recognised as taken in before',
    );
  });

  it('finishes a message it was answering when it stopped, without posting the answer twice', async () => {
    const roomId = await w.dm(alice.mx);
    const asked = say(roomId, 'what is on today?');
    await w.botReplies(roomId, 1);
    await w.stopBot();
    // as if the process had died after posting but before recording the outcome: through the bot's own event
    // log, on a boot without Matrix, so it is the same on SQLite and PostgreSQL
    await w.bootWithoutMatrix();
    await new EventLog(w.app.quorra.db).mark(asked, 'queued');
    await w.app.stop();

    await w.boot();
    await waitUntil(() => w.model.chatRequests().length === 2, 10000, 'the interrupted turn to run again');
    await w.settled();
    assert.equal(
      w.botMessages(roomId).length,
      1,
      'the same transaction id: the homeserver keeps one message',
    );
    const [row] = await w.app.quorra.db.query('SELECT status FROM matrix_events WHERE event_id = ?', [asked]);
    assert.equal(row.status, 'answered');
  });

  it('confirms a tier-2 action when the member replies to the bot’s question, across a restart', async () => {
    const roomId = await w.dm(alice.mx);
    w.model.next({ toolCalls: [{ name: 'house_delete_list', arguments: { name: 'groceries' } }] });
    say(roomId, 'delete the groceries list');
    const [question] = await w.botReplies(roomId, 1);
    assert.match(question.content.body, /Before I delete the list “groceries”, I need your confirmation/);
    await w.stopBot();

    await w.boot();
    say(roomId, '!quorra forget');
    await w.botReplies(roomId, 2);
    w.model.next({ content: 'Deleted the groceries list.' });
    say(roomId, '> <@quorra:localhost> Before I delete…\n\nyes', {
      'm.relates_to': { 'm.in_reply_to': { event_id: question.event_id } },
    });
    const replies = await w.botReplies(roomId, 3);
    assert.equal(replies[2].content.body, 'Deleted the groceries list.');
    assert.deepEqual(house.deleted, ['groceries']);
    const c = await w.app.quorra.db
      .getRepository(Confirmation)
      .findOneByOrFail({ toolName: 'house_delete_list' });
    assert.equal(c.status, 'confirmed');
  });

  it('declines a tier-2 action on a plain “no” in the room, across a restart', async () => {
    const roomId = await w.dm(alice.mx);
    w.model.next({ toolCalls: [{ name: 'house_delete_list', arguments: { name: 'chores' } }] });
    say(roomId, 'delete the chores list');
    await w.botReplies(roomId, 1);
    await w.stopBot();
    await w.boot();
    say(roomId, 'no');
    const replies = await w.botReplies(roomId, 2);
    assert.equal(replies[1].content.body, "Okay — I won't delete the list “chores”.");
    assert.deepEqual(house.deleted, []);
  });
});
