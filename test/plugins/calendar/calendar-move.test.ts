// `quorra calendar move --to caldav` on a seeded household: every event, to-do and list item copied to a real Radicale,
// counted and checked; run again it copies nothing twice; subscriptions stay in Quorra.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openDatabase } from '../../../core/db/open-database.ts';
import { CaldavBackend } from '../../../plugins/calendar/caldav-backend.ts';
import { CalendarObject } from '../../../plugins/calendar/embedded/calendar-object.entity.ts';
import { EmbeddedBackend } from '../../../plugins/calendar/embedded/embedded-backend.ts';
import { CreateCalendarStore1766000000000 } from '../../../plugins/calendar/migrations/1766000000000-create-calendar-store.ts';
import { calendarCommand } from '../../../plugins/calendar/move/move-command.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';
import { swimmingIcs } from './berlin-swimming.ts';
import { ruleFixtures } from './fixtures/recurrence-rules.ts';

const capture = () => {
  let text = '';
  const out = new Writable({
    write(chunk, _enc, done) {
      text += chunk;
      done();
    },
  });
  return { out, text: () => text };
};

describe('quorra calendar move --to caldav (seeded household, real Radicale)', function () {
  this.timeout(120_000);
  let dir: string;
  let url: string | undefined;
  let radicale: RadicaleServer;
  let config: any;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quorra-move-'));
    url = await testDatabaseUrl();
    const { db } = await openDatabase({
      path: path.join(dir, 'quorra.db'),
      url,
      busyTimeoutMs: 5000,
      entities: [CalendarObject],
      migrations: [CreateCalendarStore1766000000000],
    });
    const home = new EmbeddedBackend(db);
    const household = home.calendar('Household');
    for (let i = 0; i < 12; i++)
      await household.add({
        title: `Event ${i}`,
        start: `2026-12-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
        end: `2026-12-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
        allDay: false,
      });
    await household.putObject({ uid: 'swim', ics: swimmingIcs });
    await household.putObject({ uid: 'choir', ics: ruleFixtures[0].ics });
    await home
      .calendar('Max private')
      .add({ title: 'Football', start: '2026-12-05', end: '2026-12-06', allDay: true });
    const tasks = home.taskList('list-tasks/', 'Tasks');
    await tasks.add({ title: 'Renew passport', due: '2026-12-10', completed: false });
    await tasks.add({ title: 'Pay the gardener', completed: true, completedAt: '2026-11-30T10:00:00Z' });
    const shopping = home.taskList('list-shopping/', 'Shopping');
    for (const item of ['Milk', 'Eggs', 'Bread']) await shopping.add({ title: item, completed: false });
    await home
      .taskList('list-max--shopping/', 'Shopping (Max)')
      .add({ title: 'Batteries', completed: false });
    // a subscribed calendar is Quorra's own copy of someone else's feed: it does not move
    await home.calendar('subscription:0f0f').putObject({ uid: 'bins', ics: ruleFixtures[1].ics });
    await db.destroy();
    radicale = await startRadicale();
    config = {
      dataDir: dir,
      database: { path: path.join(dir, 'quorra.db'), ...(url ? { url } : {}) },
      plugins: {
        calendar: {
          settings: { url: radicale.url, username: radicale.username, password: radicale.password },
        },
      },
    };
  });
  after(async () => {
    await radicale?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every event, to-do and list item, counts them and checks they are on the server', async () => {
    const { out, text } = capture();
    assert.equal(await calendarCommand(['move', '--to', 'caldav'], config, out), 0, text());
    const lines = text().split('\n');
    assert.ok(
      lines.includes('calendar “Household”: 14 in Quorra, 14 copied, 0 already there, 14 on the server'),
      text(),
    );
    assert.ok(
      lines.includes('calendar “Max private”: 1 in Quorra, 1 copied, 0 already there, 1 on the server'),
    );
    assert.ok(lines.includes('list “Shopping”: 3 in Quorra, 3 copied, 0 already there, 3 on the server'));
    assert.ok(
      lines.includes('list “Shopping (Max)”: 1 in Quorra, 1 copied, 0 already there, 1 on the server'),
    );
    assert.ok(lines.includes('list “Tasks”: 2 in Quorra, 2 copied, 0 already there, 2 on the server'));
    assert.ok(
      lines.includes(
        'Moved and checked: 15 event(s) and 6 to-do(s) and list item(s) are on the CalDAV server.',
      ),
    );
    assert.doesNotMatch(text(), /subscription/);

    // what arrived reads the same through CalDAV: repeating events with their overrides, done and open items
    const caldav = new CaldavBackend({
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    const choir = await caldav
      .calendar('Household')
      .query(Date.parse(ruleFixtures[0].from), Date.parse(ruleFixtures[0].to), 'Europe/Berlin');
    assert.deepEqual(
      choir.filter((e) => e.uid === 'choir').map((e) => `${e.start} ${e.end} ${e.title}`),
      ruleFixtures[0].expected,
    );
    assert.deepEqual(
      (await caldav.taskList('list-shopping/').list()).map((t) => t.title),
      ['Bread', 'Eggs', 'Milk'],
    );
    assert.deepEqual(
      (await caldav.taskList('list-tasks/').list()).map((t) => [t.title, t.completed]),
      [
        ['Renew passport', false],
        ['Pay the gardener', true],
      ],
    );
  });

  it('run again, copies nothing twice', async () => {
    const { out, text } = capture();
    assert.equal(await calendarCommand(['move', '--to', 'caldav'], config, out), 0, text());
    assert.match(text(), /calendar “Household”: 14 in Quorra, 0 copied, 14 already there, 14 on the server/);
  });

  it('says what to do without a CalDAV server, and what the usage is', async () => {
    const a = capture();
    const noUrl = { ...config, plugins: {} };
    assert.equal(await calendarCommand(['move', '--to', 'caldav'], noUrl, a.out), 1);
    assert.match(a.text(), /Set the CalDAV server first/);
    const b = capture();
    assert.equal(await calendarCommand(['move'], config, b.out), 2);
    assert.equal(b.text(), 'usage: quorra calendar move --to caldav\n');
  });
});
