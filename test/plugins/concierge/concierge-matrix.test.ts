// Reply-to-approve in Matrix: the owner answers a draft notice with `send` or `edit: …`; the PMS gets it once, whatever is repeated.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import { MatrixWorld, metricValue } from '../../core/matrix/matrix-world.ts';
import { call, type TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { PmsServer } from '../../support/pms-server.ts';
import { ACCOUNT, guestEvent, idle, postWebhook, rows, SECRET } from './concierge-test-kit.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

describe('concierge: the owner answers a draft by replying in Matrix', () => {
  let pms: PmsServer;
  let w: MatrixWorld;
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let max: { mx: RegisteredUser; user?: TestUser };
  let client: JsClient;

  /** Posts a guest message and resolves with the draft number and the owner's delivered notice (row and event). */
  const draftFor = async (text: string, reply: string) => {
    w.model.on(text, { content: reply });
    const res = await postWebhook(w.app, guestEvent(text, { reservation: { id: 'R-300' } }));
    assert.equal(res.status, 202);
    await idle(w.app);
    const message: number = res.json.draft;
    const draft = (await rows.proposal(w.app, message)).id;
    const row = await waitUntil(
      async () => {
        const [r] = await w.app.quorra.db.query(
          "SELECT * FROM matrix_outbox WHERE user_id = ? AND reply_handler = 'approval' AND reply_ref = ? AND state = 'sent'",
          [olivia.user!.id, String(draft)],
        );
        return r;
      },
      10000,
      `the notice for draft ${draft}`,
    );
    const notice = w.botMessages(row.room_id).find((m) => m.event_id === row.event_id)!;
    return { draft, message, row, notice };
  };
  /** Olivia replies to a notice through matrix-js-sdk and resolves with the bot's answer. */
  const oliviaReplies = async (notice: Record<string, any>, text: string) => {
    if (w.hs.membership(notice.room_id, olivia.mx.userId) !== 'join') await client.joinRoom(notice.room_id);
    const { event_id } = await client.sendMessage(notice.room_id, {
      msgtype: 'm.text',
      body: `> <${w.bot.userId}> ${notice.content.body.split('\n')[0]}\n\n${text}`,
      'm.relates_to': { 'm.in_reply_to': { event_id: notice.event_id } },
    } as never);
    return waitUntil(
      () =>
        w
          .botMessages(notice.room_id)
          .find((m) => m.content['m.relates_to']?.['m.in_reply_to']?.event_id === event_id),
      10000,
      'the bot to answer the reply',
    );
  };

  before(async () => {
    pms = await PmsServer.start();
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: {
        plugins: {
          knowledge: { settings: { watch: false } },
          concierge: {
            settings: {
              webhookSecret: SECRET,
              pms: { baseUrl: pms.url, apiKey: 'pms-key-1' },
              accounts: [{ account: ACCOUNT, workspace: 'lake-house' }],
              retryDelayMs: 1,
            },
          },
        },
      },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    await w.app.quorra.workspaces.create(
      { name: 'Lake House', kind: 'hosting', services: ['general', 'concierge'] },
      olivia.user!.id,
    );
    client = await w.client(olivia.mx);
  });
  beforeEach(() => {
    w.model.reset();
    pms.reset();
  });
  after(async () => {
    await w.close();
    await pms.close();
  });

  it('sends the draft as is when the owner replies `send`, exactly once', async () => {
    const { draft, notice } = await draftFor('Where are the towels?', 'In the hall cupboard.');
    assert.match(notice.content.body, /Reply \*\*send\*\* or \*\*edit: …\*\* to this message/);
    assert.match(notice.content.body, new RegExp(`!quorra approvals send ${draft}`));
    assert.equal(pms.messages.length, 0, 'nothing before the owner answers');
    const chats = w.model.chatRequests().length;

    const answer = await oliviaReplies(notice, 'send');
    assert.equal(answer.content.body, 'Done: Reply to Anna Berg (Lake House).');
    assert.deepEqual(
      pms.messages.map((m) => [m.reservationId, m.text]),
      [['R-300', 'In the hall cupboard.']],
    );
    assert.equal(w.model.chatRequests().length, chats, 'the reply never reached the engine');

    const again = await oliviaReplies(notice, 'send');
    assert.match(again.content.body, /already applied/);
    assert.equal(pms.messages.length, 1, 'a sent draft never goes out twice');
  });

  it('sends the edited text when the owner replies `edit: …`', async () => {
    const { notice } = await draftFor('Which door do we use?', 'The front door.');
    const answer = await oliviaReplies(notice, 'edit: Please use the side door');
    assert.equal(answer.content.body, 'Done with your text: Reply to Anna Berg (Lake House).');
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['Please use the side door'],
    );
  });

  it('answers a usage line for anything else and keeps the draft open', async () => {
    const { message, notice } = await draftFor('Is there a crib?', 'Yes, in the attic.');
    const answer = await oliviaReplies(notice, 'maybe later');
    assert.match(answer.content.body, /Reply \*\*yes\*\* \(or \*\*send\*\*\)/);
    assert.equal(pms.requests.length, 0);
    assert.equal((await rows.proposal(w.app, message)).state, 'draft');
  });

  it('does not route a member’s reply to the owner’s notice, and the handler refuses non-owners', async () => {
    const { draft, message, notice } = await draftFor('Can we bring a dog?', 'Yes, dogs are welcome.');
    if (w.hs.membership(notice.room_id, olivia.mx.userId) !== 'join') await client.joinRoom(notice.room_id);
    w.hs.invite(olivia.mx.userId, notice.room_id, max.mx.userId);
    w.hs.join(max.mx.userId, notice.room_id);
    w.model.on('send', { content: 'I can only chat here.' });
    const reply = w.hs.sendAsUser(max.mx.userId, notice.room_id, {
      msgtype: 'm.text',
      body: `> <${w.bot.userId}> Guest message\n\nQuorra: send`,
      'm.relates_to': { 'm.in_reply_to': { event_id: notice.event_id } },
    });
    const answer = await waitUntil(
      () =>
        w
          .botMessages(notice.room_id)
          .find((m) => m.content['m.relates_to']?.['m.in_reply_to']?.event_id === reply),
      10000,
      'the bot to answer Max',
    );
    assert.equal(answer.content.body, 'I can only chat here.', 'a normal message, answered by the engine');
    assert.equal(pms.requests.length, 0, 'nothing was sent');
    assert.equal((await rows.proposal(w.app, message)).state, 'draft');
    const handler = w.app.quorra.registries.replies.get('approval')!;
    const refused = await handler.handle('send', {
      userId: max.user!.id,
      role: 'member',
      ref: String(draft),
    });
    assert.match(refused, /^Not done: proposal \d+ not found/);
    assert.equal(pms.requests.length, 0);
  });

  it('sends once when the reply is delivered twice and the owner also presses Send over HTTP', async () => {
    const { draft, notice } = await draftFor('Is there a high chair?', 'Yes, in the kitchen.');
    const before = w.hs.syncToken;
    const [answer, http] = await Promise.all([
      oliviaReplies(notice, 'send'),
      call(w.app, olivia.user!, 'POST', `/approvals/${draft}/approve`, {}),
    ]);
    assert.ok(
      answer.content.body.startsWith('Done') !== (http.status === 200),
      `exactly one wins: ${answer.content.body} / ${http.status}`,
    );
    // the homeserver hands the bot the same batch (the owner's reply) again
    const duplicates = async () =>
      metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="duplicate"');
    const seen = await duplicates();
    w.hs.repeatNextSync(w.bot.userId, before);
    w.hs.releaseSyncs();
    await waitUntil(async () => (await duplicates()) > seen, 10000, 'the reply delivered again');
    await waitUntil(() => w.botIdle(), 10000, 'the bot to finish the repeated batch');
    await w.settled();
    assert.equal(pms.messages.length, 1, 'the guest got it once');
    assert.equal(pms.requests.length, 1);
    const answers = w
      .botMessages(notice.room_id)
      .filter(
        (m) =>
          m.content['m.relates_to']?.['m.in_reply_to']?.event_id ===
          answer.content['m.relates_to']?.['m.in_reply_to']?.event_id,
      );
    assert.equal(answers.length, 1, 'the repeated reply is answered once');
  });
});
