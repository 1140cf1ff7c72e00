// The notepad end to end in Matrix with a real Radicale: !note in the morning (✓, once even when delivered twice), triage, the summary DM, reply `yes`, the event on CalDAV.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import { CaldavClient } from '../../../plugins/calendar/caldav-client.ts';
import type { NotepadService } from '../../../plugins/notepad/notepad-service.ts';
import { MatrixWorld, metricValue } from '../../core/matrix/matrix-world.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';
import { triageCall } from './triage-script.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

describe('notepad in Matrix (real Radicale)', function () {
  // a whole household in one process: on a loaded machine the waits below need more than mocha's default
  this.timeout(120_000);
  let radicale: RadicaleServer;
  let w: MatrixWorld;
  let max: { mx: RegisteredUser; user?: TestUser };
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let maxClient: JsClient;
  let calendar: CaldavClient;
  let settings: Record<string, unknown>;

  before(async function () {
    this.timeout(60_000);
    radicale = await startRadicale();
    settings = {
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
      calendar: 'Household',
      timezone: 'UTC',
    };
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: { plugins: { knowledge: { settings: { watch: false } }, calendar: { settings } } },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    maxClient = await w.client(max.mx);
    calendar = new CaldavClient({ ...(settings as any), timeoutMs: 5000 });
  });
  after(async () => {
    await w?.close();
    await radicale?.stop();
  });

  it('jot, triage, summary, reply yes: the event exists on the CalDAV server', async () => {
    const room = await w.dm(max.mx);
    const before = w.hs.syncToken;
    const { event_id: jotEvent } = await maxClient.sendTextMessage(room, '!note dentist friday 10');
    const reaction = await waitUntil(
      () => w.hs.roomEvents(room).find((e: any) => e.type === 'm.reaction' && e.sender === w.bot.userId),
      30000,
      'the ✓ reaction',
    );
    assert.deepEqual(reaction.content['m.relates_to'], {
      rel_type: 'm.annotation',
      event_id: jotEvent,
      key: '✓',
    });
    assert.equal(w.botMessages(room).length, 0, 'a jot gets no reply');

    // the homeserver delivers the `!note` again: still one jot, one ✓
    const duplicates = async () =>
      metricValue(await w.metricsText(), 'quorra_matrix_events_ignored_total', 'reason="duplicate"');
    const seen = await duplicates();
    w.hs.repeatNextSync(w.bot.userId, before);
    w.hs.releaseSyncs();
    await waitUntil(async () => (await duplicates()) > seen, 30000, 'the !note delivered again');
    await waitUntil(() => w.botIdle(), 30000, 'the bot to finish the repeated batch');
    const service = (w.app.quorra.plugins.api('notepad') as { service: NotepadService }).service;
    const jots = await service.jots.list(max.user!.id);
    assert.equal(jots.length, 1, 'one jot for one event');
    assert.equal(
      w.hs.roomEvents(room).filter((e: any) => e.type === 'm.reaction' && e.sender === w.bot.userId).length,
      1,
    );
    const [jot] = jots;
    w.model.on(triageCall, {
      content: JSON.stringify({
        results: [
          {
            jot: jot.id,
            outcome: 'propose',
            actions: [
              {
                kind: 'event',
                payload: { title: 'Dentist', start: '2026-12-04T10:00', end: '2026-12-04T11:00' },
              },
            ],
          },
        ],
      }),
    });
    assert.equal((await service.triageNow(max.user!.id)).proposed, 1);
    assert.equal(await service.sendSummary(max.user!.id), true);
    const summary = await waitUntil(
      () =>
        w.botMessages(room).find((m) => String(m.content.body).startsWith('From your notepad: 1 proposal.')),
      30000,
      'the morning summary',
    );
    assert.match(summary.content.body, /1\. Calendar event “Dentist” at 2026-12-04T10:00/);

    const { event_id: replyEvent } = await maxClient.sendMessage(room, {
      msgtype: 'm.text',
      body: `> <${w.bot.userId}> From your notepad: 1 proposal.\n\nyes`,
      'm.relates_to': { 'm.in_reply_to': { event_id: summary.event_id } },
    } as never);
    const answer = await waitUntil(
      () =>
        w
          .botMessages(room)
          .find((m) => m.content['m.relates_to']?.['m.in_reply_to']?.event_id === replyEvent),
      30000,
      'the answer to the reply',
    );
    assert.equal(answer.content.body, 'Done: Calendar event “Dentist” at 2026-12-04T10:00.');
    const events = await calendar.query(
      Date.parse('2026-12-04T00:00:00Z'),
      Date.parse('2026-12-05T00:00:00Z'),
    );
    assert.deepEqual(
      events.map((e) => e.title),
      ['Dentist'],
    );
  });

  it('a room mapped to the notepad scope captures every plain message as a jot (✓, no model)', async () => {
    const room = await w.group(olivia.mx, [max.mx], 'Jots');
    const oliviaClient = await w.client(olivia.mx);
    await oliviaClient.sendTextMessage(room, '!quorra room scope notepad');
    await waitUntil(
      () => w.botMessages(room).find((m) => /notepad/.test(m.content.body)),
      30000,
      'the room to map',
    );
    w.model.reset();
    const { event_id } = await maxClient.sendTextMessage(room, 'pick up the dry cleaning');
    await waitUntil(
      () =>
        w.hs
          .roomEvents(room)
          .find((e: any) => e.type === 'm.reaction' && e.content['m.relates_to']?.event_id === event_id),
      30000,
      'the ✓ reaction',
    );
    const service = (w.app.quorra.plugins.api('notepad') as { service: NotepadService }).service;
    const jots = await service.jots.list(max.user!.id);
    assert.equal(jots[0].text, 'pick up the dry cleaning');
    assert.equal(jots[0].clientId, event_id);
    assert.equal(w.model.chatRequests().length, 0, 'a jot never reaches the model');
  });
});
