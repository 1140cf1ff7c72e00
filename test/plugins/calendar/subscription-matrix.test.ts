// An .ics file sent in a planning room in Matrix becomes a read-only calendar; a member's upload or a bad file changes nothing.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { CalendarApi } from '../../../plugins/calendar/index.ts';
import { MatrixWorld } from '../../core/matrix/matrix-world.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { everyMinuteFeed, schoolFeed } from './fixtures/feeds.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

describe('calendar: an .ics uploaded in a planning room in Matrix', function () {
  this.timeout(60_000);
  let w: MatrixWorld;
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let max: { mx: RegisteredUser; user?: TestUser };
  let oliviaClient: JsClient;
  let maxClient: JsClient;
  let room: string;
  let api: CalendarApi;

  before(async () => {
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: { plugins: { knowledge: { settings: { watch: false } } } },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    oliviaClient = await w.client(olivia.mx);
    maxClient = await w.client(max.mx);
    room = await w.group(olivia.mx, [max.mx], 'Planning');
    await w.app.quorra.workspaces.create(
      { name: 'Planning', kind: 'household', services: ['general', 'planning'], matrix_room_id: room },
      olivia.user!.id,
    );
    api = w.app.quorra.plugins.api<CalendarApi>('calendar')!;
  });
  after(() => w?.close());

  const upload = async (client: JsClient, name: string, text: string) => {
    const n = w.botMessages(room).length;
    const { content_uri } = await client.uploadContent(Buffer.from(text), { name, type: 'text/calendar' });
    await client.sendMessage(room, {
      msgtype: 'm.file',
      body: name,
      url: content_uri,
      info: { mimetype: 'text/calendar', size: Buffer.byteLength(text) },
    } as never);
    return (await waitUntil(() => w.botMessages(room)[n], 10000, 'the bot to answer the upload')).content
      .body;
  };

  it('adds the owner’s file as a calendar named after it, and refuses a member’s or a bad one', async () => {
    assert.equal(
      await upload(oliviaClient, 'School_terms.ics', schoolFeed),
      'Added the calendar “School terms” (1 event); its events now answer beside the household’s.',
    );
    const events = await api.subscriptions.query(
      Date.parse('2026-12-01T00:00:00Z'),
      Date.parse('2026-12-03T00:00:00Z'),
      'UTC',
    );
    assert.deepEqual(
      events.map((e) => [e.title, e.source]),
      [['Nativity play', 'School terms']],
    );
    assert.equal(
      await upload(maxClient, 'Mine.ics', schoolFeed),
      'Only the owner can add a calendar for the household.',
    );
    assert.equal(
      await upload(oliviaClient, 'Spam.ics', everyMinuteFeed),
      'The calendar was not added: the event “Ping” repeats every minute with no end.',
    );
    assert.deepEqual(
      (await api.subscriptions.list()).map((s) => s.name),
      ['School terms'],
    );
    assert.equal(w.model.chatRequests().length, 0, 'the model is never asked');
  });
});
