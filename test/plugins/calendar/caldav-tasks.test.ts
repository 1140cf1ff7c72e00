// Task lists on a real Radicale: add, complete, keep other clients' fields, and a second CalDAV client sees the same items.
import assert from 'node:assert/strict';
import { DAVClient } from 'tsdav';
import { CaldavAccount } from '../../../plugins/calendar/caldav-account.ts';
import { CaldavTasks } from '../../../plugins/calendar/caldav-tasks.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';

/** A phone's view: plain tsdav, reading SUMMARY and STATUS lines itself. */
async function phoneView(radicale: RadicaleServer, listName: string) {
  const phone = new DAVClient({
    serverUrl: radicale.url,
    credentials: { username: radicale.username, password: radicale.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });
  await phone.login();
  const calendar = (await phone.fetchCalendars()).find((c) => c.displayName === listName);
  assert.ok(calendar, `the phone sees the list "${listName}"`);
  assert.deepEqual(calendar.components, ['VTODO']);
  const objects = await phone.fetchCalendarObjects({
    calendar,
    filters: {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': { _attributes: { name: 'VTODO' } },
      },
    },
  });
  const items = objects.map((o) => ({
    title: /\r\nSUMMARY:(.*)\r\n/.exec(o.data)?.[1],
    status: /\r\nSTATUS:(.*)\r\n/.exec(o.data)?.[1],
  }));
  return { phone, calendar, items: items.sort((a, b) => String(a.title).localeCompare(String(b.title))) };
}

describe('calendar task lists (real Radicale)', () => {
  let radicale: RadicaleServer;
  let account: CaldavAccount;

  before(async () => {
    radicale = await startRadicale();
    account = new CaldavAccount({
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
  });
  after(async () => {
    await radicale?.stop();
  });

  it('creates a VTODO list, adds and completes items, and a second client sees the same', async () => {
    const list = new CaldavTasks(account, 'Shopping');
    await list.add({ title: 'Milk', completed: false });
    await list.add({ title: 'Bread', completed: false, due: '2026-03-02', priority: 1 });
    const [bread] = await list.stored();
    assert.equal(bread.task.title, 'Bread', 'due items sort first');
    await list.save(bread, { ...bread.task, completed: true, completedAt: '2026-03-01T10:00:00Z' });

    const view = await phoneView(radicale, 'Shopping');
    assert.deepEqual(view.items, [
      { title: 'Bread', status: 'COMPLETED' },
      { title: 'Milk', status: 'NEEDS-ACTION' },
    ]);

    // the phone adds an item of its own; Quorra lists it
    const res = await view.phone.createCalendarObject({
      calendar: view.calendar,
      filename: 'phone-eggs.ics',
      iCalString: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Phone//EN',
        'BEGIN:VTODO',
        'UID:phone-eggs',
        'DTSTAMP:20260301T090000Z',
        'SUMMARY:Eggs',
        'X-PHONE-COLOR:blue',
        'STATUS:NEEDS-ACTION',
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    assert.ok(res.ok);
    assert.deepEqual(
      (await list.list()).map((t) => [t.title, t.completed]),
      [
        ['Eggs', false],
        ['Milk', false],
        ['Bread', true],
      ],
    );
    // completing the phone's item keeps the phone's own property
    const eggs = (await list.stored()).find((s) => s.task.uid === 'phone-eggs');
    assert.ok(eggs);
    await list.save(eggs, { ...eggs.task, completed: true });
    const after = await view.phone.fetchCalendarObjects({
      calendar: view.calendar,
      objectUrls: [eggs.object.url],
    });
    assert.match(after[0].data, /\r\nX-PHONE-COLOR:blue\r\n/);
    assert.match(after[0].data, /\r\nSTATUS:COMPLETED\r\n/);
  });

  it('keeps lists apart and finds a list again by name, whatever the case', async () => {
    await new CaldavTasks(account, 'Chores').add({ title: 'Hoover', completed: false });
    const again = new CaldavTasks(new CaldavAccount({ ...account.opts }), 'chores');
    assert.deepEqual(
      (await again.list()).map((t) => t.title),
      ['Hoover'],
    );
    assert.equal(await again.displayName(), 'Chores');
    assert.ok((await new CaldavTasks(account, 'Shopping').list()).every((t) => t.title !== 'Hoover'));
  });
});
