// The CalDAV client against a real Radicale: creates the calendar, adds, queries by range, deletes, refuses bad credentials.
import assert from 'node:assert/strict';
import { CaldavClient } from '../../../plugins/calendar/caldav-client.ts';
import { CalendarError } from '../../../plugins/calendar/caldav-error.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';
import { swimmingIcs, swimmingInstances } from './berlin-swimming.ts';

const at = (iso: string) => Date.parse(iso);

describe('calendar caldav client (real Radicale)', () => {
  let radicale: RadicaleServer;
  const client = (calendar = 'Household', password?: string) =>
    new CaldavClient({
      url: radicale.url,
      username: radicale.username,
      password: password ?? radicale.password,
      calendar,
      timeoutMs: 5000,
    });

  before(async () => {
    radicale = await startRadicale();
  });
  after(async () => {
    await radicale?.stop();
  });

  it('creates the calendar when missing, and finds it again by name or path', async () => {
    const first = client('Family Plans');
    assert.equal(await first.calendarName(), 'Family Plans');
    const { calendar } = await first.connect();
    assert.match(calendar.url, /\/household\/family-plans\/$/);
    const again = client('family plans');
    assert.equal((await again.connect()).calendar.url, calendar.url);
    const byPath = client('/household/family-plans/');
    assert.equal((await byPath.connect()).calendar.url, calendar.url);
    assert.equal(await byPath.probe(), 'Family Plans');
  });

  it('adds events, queries them by range sorted by start, and deletes by uid', async () => {
    const c = client();
    const late = await c.add({
      title: 'Parents, evening; school',
      start: '2026-03-10T18:00:00Z',
      end: '2026-03-10T19:30:00Z',
      allDay: false,
      location: 'Hall 2',
      description: 'Line one\nline two',
    });
    const early = await c.add({
      title: 'Dentist',
      start: '2026-03-10T08:00:00Z',
      end: '2026-03-10T09:00:00Z',
      allDay: false,
    });
    const day = await c.add({ title: 'Bin day', start: '2026-03-11', end: '2026-03-12', allDay: true });
    await c.add({
      title: 'Next month',
      start: '2026-04-20T08:00:00Z',
      end: '2026-04-20T09:00:00Z',
      allDay: false,
    });
    assert.notEqual(late.uid, early.uid);

    const march = await c.query(at('2026-03-10T00:00:00Z'), at('2026-03-12T00:00:00Z'));
    assert.deepEqual(
      march.map((e) => e.title),
      ['Dentist', 'Parents, evening; school', 'Bin day'],
    );
    assert.deepEqual(march[1], late);
    assert.deepEqual(march[2], day);
    assert.deepEqual(await c.query(at('2026-03-12T00:00:00Z'), at('2026-03-20T00:00:00Z')), []);

    assert.deepEqual((await c.find(early.uid))?.event, early);
    assert.deepEqual(await c.remove(early.uid), early);
    assert.equal(await c.find(early.uid), null);
    assert.equal(await c.remove(early.uid), null);
    const after = await c.query(at('2026-03-10T00:00:00Z'), at('2026-03-12T00:00:00Z'));
    assert.deepEqual(
      after.map((e) => e.title),
      ['Parents, evening; school', 'Bin day'],
    );
  });

  it('expands another client’s weekly event with an exception and overrides across the DST change', async () => {
    const c = client('Sports');
    const { calendar } = await c.connect();
    const res = await c.account.call((dav) =>
      dav.createCalendarObject({ calendar, iCalString: swimmingIcs, filename: 'swim.ics' }),
    );
    assert.ok(res.ok, `${res.status}`);
    const spring = await c.query(at('2026-03-01T00:00:00Z'), at('2026-05-01T00:00:00Z'), 'Europe/Berlin');
    assert.deepEqual(
      spring.map((e) => [e.start, e.end, e.title]),
      swimmingInstances,
    );
    // the week of the change only: the moved instance, not the one it replaced
    const week = await c.query(at('2026-03-30T00:00:00Z'), at('2026-04-06T00:00:00Z'), 'Europe/Berlin');
    assert.deepEqual(
      week.map((e) => [e.start, e.title]),
      [['2026-04-03T15:00:00Z', 'Swimming (moved to Friday)']],
    );
  });

  it('says plainly when the password is wrong, without repeating it', async () => {
    const err = await client('Household', 'wrong-secret-123')
      .connect()
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.ok(err instanceof CalendarError, String(err));
    assert.equal(err.kind, 'unauthorized');
    assert.match(err.message, /refused the credentials for "household"/);
    assert.doesNotMatch(err.message, /wrong-secret-123/);
  });

  it('says plainly when the server is unreachable', async () => {
    // port 9 (discard) is closed on loopback here; a just-freed ephemeral port could be taken again meanwhile
    const port = 9;
    const c = new CaldavClient({
      url: `http://127.0.0.1:${port}/`,
      username: 'x',
      password: 'pw',
      calendar: 'H',
      timeoutMs: 2000,
    });
    const err = await c.probe().then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof CalendarError, String(err));
    assert.equal(err.kind, 'unreachable');
    assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}/ is unreachable`));
  });
});
