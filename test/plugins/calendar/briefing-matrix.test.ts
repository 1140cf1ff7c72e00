// The daily briefing end to end in Matrix (homeserver double, matrix-js-sdk): scheduled by command, sent once as one DM.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { CalendarApi } from '../../../plugins/calendar/index.ts';
import { MatrixWorld } from '../../core/matrix/matrix-world.ts';
import { call, type TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';
import { ManualClock } from './reminders/manual-clock.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

describe('calendar: the daily briefing and !quorra list in Matrix', () => {
  let radicale: RadicaleServer;
  let w: MatrixWorld;
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let max: { mx: RegisteredUser; user?: TestUser };
  let oliviaClient: JsClient;
  let api: CalendarApi;

  before(async () => {
    radicale = await startRadicale();
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: {
        plugins: {
          knowledge: { settings: { watch: false } },
          calendar: {
            settings: {
              url: radicale.url,
              username: radicale.username,
              password: radicale.password,
              timezone: 'UTC',
              people: { Olivia: 'Olivia private' },
            },
          },
        },
      },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    oliviaClient = await w.client(olivia.mx);
    api = w.app.quorra.plugins.api<CalendarApi>('calendar')!;
    // Tuesday 2 April 2030, just before seven
    await api.reminders.start(new ManualClock('2030-04-02T06:59:00Z'));
  });
  after(async () => {
    await w?.close();
    await radicale?.stop();
  });

  const says = async (client: JsClient, roomId: string, body: string) => {
    const n = w.botMessages(roomId).length;
    await client.sendTextMessage(roomId, body);
    return waitUntil(() => w.botMessages(roomId)[n], 10000, 'the bot to answer');
  };

  it('schedules by command and delivers today’s events, due tasks, reminders and memories as one message', async () => {
    const room = await w.dm(olivia.mx);
    const set = await says(oliviaClient, room, '!quorra briefing Olivia 07:00');
    assert.equal(
      set.content.body,
      'Olivia gets the daily briefing every day at 07:00 (UTC), as one message.',
    );
    const oliviaId = olivia.user!.id;
    const book = api.book!;
    await book.household.add({
      title: 'School run',
      start: '2030-04-02T08:00:00Z',
      end: '2030-04-02T08:30:00Z',
      allDay: false,
    });
    await book.household.add({
      title: 'Tomorrow thing',
      start: '2030-04-03T08:00:00Z',
      end: '2030-04-03T09:00:00Z',
      allDay: false,
    });
    await (await book.calendarFor('Olivia')).client.add({
      title: 'Gym',
      start: '2030-04-02T17:00:00Z',
      end: '2030-04-02T18:00:00Z',
      allDay: false,
    });
    const mine = await book.tasksFor({ userId: oliviaId, workspace: null, family: false });
    await mine.tasks.add({ title: 'Renew passport', due: '2030-04-01', completed: false });
    await mine.tasks.add({ title: 'Later task', due: '2030-04-20', completed: false });
    const shared = await book.tasksFor({ userId: oliviaId, workspace: null, family: true });
    await shared.tasks.add({ title: 'Pay the gardener', due: '2030-04-02', completed: false });
    await api.reminders.set({
      createdBy: oliviaId,
      userId: oliviaId,
      text: 'Call the bank',
      timeZone: 'UTC',
      at: '2030-04-02T15:30',
    });
    const memory = await call(w.app, olivia.user!, 'POST', '/memory', {
      content: 'Max’s school photos are due Friday',
      surface_once: true,
    });
    assert.equal(memory.status, 201, JSON.stringify(memory.json));

    const before = w.botMessages(room).length;
    assert.equal(await api.briefings.runDue(Date.parse('2030-04-02T06:58:00Z')), 0, 'not before its time');
    assert.equal(await api.briefings.runDue(Date.parse('2030-04-02T07:00:00Z')), 1);
    const [briefing] = (await w.botReplies(room, before + 1, 'the briefing')).slice(before);
    assert.equal(
      briefing.content.body,
      [
        '☀️ Good morning, Olivia — Tuesday 2 April 2030',
        '',
        '📅 Today',
        '- 08:00–08:30 School run',
        '- 17:00–18:00 Gym (Olivia’s calendar)',
        '',
        '✅ Due',
        '- Renew passport (overdue since Monday 1 April 2030)',
        '- Pay the gardener (household)',
        '',
        '⏰ Reminders today',
        '- 15:30 Call the bank',
        '',
        '💡 Don’t forget',
        '- Max’s school photos are due Friday',
      ].join('\n'),
    );
    // once a day: later runs the same day send nothing, and the memory was surfaced once
    assert.equal(await api.briefings.runDue(Date.parse('2030-04-02T09:00:00Z')), 0);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(w.botMessages(room).length, before + 1);
    assert.equal(w.model.chatRequests().length, 0, 'the model is never asked');
    // `!quorra tasks` reads the same query: open ones, soonest first, the overdue one marked
    const tasks = await says(oliviaClient, room, '!quorra tasks');
    assert.equal(
      tasks.content.body,
      [
        'Open tasks:',
        '- Renew passport (due Monday 1 April 2030, overdue)',
        '- Pay the gardener (due Tuesday 2 April 2030) (household)',
        '- Later task (due Saturday 20 April 2030)',
      ].join('\n'),
    );
    const overdue = await says(oliviaClient, room, '!quorra tasks overdue');
    assert.equal(overdue.content.body, 'Overdue tasks:\n- Renew passport (due Monday 1 April 2030, overdue)');
  });

  it('lets a member set only their own briefing, and shows a list without the model', async () => {
    const maxClient = await w.client(max.mx);
    const room = await w.dm(max.mx);
    const refused = await says(maxClient, room, '!quorra briefing Olivia 06:00');
    assert.equal(refused.content.body, 'Only the owner can set another member’s briefing.');
    const book = api.book!;
    const list = await book.listFor('shopping', { userId: max.user!.id, workspace: null, family: false });
    await list.tasks.add({ title: 'Batteries', completed: false });
    const shown = await says(maxClient, room, '!quorra list');
    assert.equal(shown.content.body, 'Max’s shopping list:\n- Batteries');
    const family = await says(maxClient, room, '!quorra list family chores');
    assert.equal(family.content.body, 'The household chores list is empty.');
    assert.equal(w.model.chatRequests().length, 0);
  });
});
