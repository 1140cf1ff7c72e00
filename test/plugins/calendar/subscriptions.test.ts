// Subscribed calendars against a local feed server: add, 304s, a changed feed, a feed gone, bad input refused.
import assert from 'node:assert/strict';
import { FeedError } from '../../../plugins/calendar/subscriptions/feed-check.ts';
import { feedUrl } from '../../../plugins/calendar/subscriptions/feed-fetch.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { IcsFeedServer } from '../../support/ics-feed-server.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { binsFeed, binsFeedChanged, everyMinuteFeed, neverFeed, schoolFeed } from './fixtures/feeds.ts';

const base = '/plugins/calendar/subscriptions';

describe('calendar subscriptions (local feed server, embedded backend)', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let feeds: IcsFeedServer;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    feeds = await IcsFeedServer.start();
    app = await bootApp({
      model,
      config: { plugins: { calendar: { settings: { timezone: 'Europe/London' } } } },
    });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
    await feeds?.close();
  });

  const week = async () => {
    model.reset();
    model
      .next({
        toolCalls: [{ name: 'calendar_query_events', arguments: { from: '2026-11-30', to: '2026-12-06' } }],
      })
      .next({ content: 'Here.' });
    const r = await chat(app, owner, { message: 'what’s on this week', scope: ['general'] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const tool = model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1);
    return JSON.parse(tool.content).events.map(
      (e: any) => `${e.start} ${e.title}${e.calendar ? ` [${e.calendar}]` : ''}`,
    );
  };
  const list = async () => (await call(app, owner, 'GET', base)).json.subscriptions;
  const health = async () => ((await app.quorra.health.report()) as any).checks.calendar;

  it('follows a feed by address; its events answer beside the household’s own, named by source', async () => {
    feeds.feeds.set('/bins.ics', { body: binsFeed, etag: '"v1"' });
    const added = await call(app, owner, 'POST', base, { name: 'Bins', url: `${feeds.url}/bins.ics` });
    assert.equal(added.status, 200, JSON.stringify(added.json));
    assert.equal(added.json.events, 1);
    const school = await call(app, owner, 'POST', '/plugins/calendar/subscriptions/upload', {
      name: 'School',
      content: schoolFeed,
    });
    assert.equal(school.status, 200, JSON.stringify(school.json));
    await app.quorra.plugins.api<any>('calendar')!.book.household.add({
      title: 'Dentist',
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T09:30:00Z',
      allDay: false,
    });
    assert.deepEqual(await week(), [
      '2026-12-01T09:00:00Z Dentist',
      '2026-12-02T14:00:00Z Nativity play [School]',
      '2026-12-04 Black bin [Bins]',
    ]);
    const denied = await call(app, member, 'POST', base, { name: 'Mine', url: `${feeds.url}/bins.ics` });
    assert.equal(denied.status, 403);
  });

  it('refreshes with the ETag (304 keeps the copy), then takes a changed feed', async () => {
    const [bins] = (await list()).filter((s: any) => s.name === 'Bins');
    const r = await call(app, owner, 'POST', `${base}/${bins.id}/refresh`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const last = feeds.requests.at(-1)!;
    assert.deepEqual([last.status, last.ifNoneMatch], [304, '"v1"']);
    assert.ok((await week()).includes('2026-12-04 Black bin [Bins]'));

    feeds.feeds.set('/bins.ics', { body: binsFeedChanged, etag: '"v2"' });
    const again = await call(app, owner, 'POST', `${base}/${bins.id}/refresh`);
    assert.equal(again.json.events, 2);
    assert.equal(feeds.requests.at(-1)!.status, 200);
    const events = await week();
    assert.ok(events.includes('2026-12-03 Black bin [Bins]'));
    assert.ok(events.includes('2026-12-05 Recycling centre open day [Bins]'));
    assert.ok(!events.includes('2026-12-04 Black bin [Bins]'));
  });

  it('uses Last-Modified when the feed has no ETag', async () => {
    feeds.feeds.set('/terms.ics', { body: schoolFeed, lastModified: 'Tue, 01 Dec 2026 08:00:00 GMT' });
    const added = await call(app, owner, 'POST', base, { name: 'Terms', url: `${feeds.url}/terms.ics` });
    assert.equal(added.status, 200);
    await call(app, owner, 'POST', `${base}/${added.json.id}/refresh`);
    const last = feeds.requests.at(-1)!;
    assert.deepEqual([last.status, last.ifModifiedSince], [304, 'Tue, 01 Dec 2026 08:00:00 GMT']);
    await call(app, owner, 'DELETE', `${base}/${added.json.id}`);
  });

  it('keeps the last good copy of a feed that went away, and the Overview’s health says so', async () => {
    feeds.feeds.set('/bins.ics', { body: '', status: 404 });
    const [bins] = (await list()).filter((s: any) => s.name === 'Bins');
    const r = await call(app, owner, 'POST', `${base}/${bins.id}/refresh`);
    assert.equal(r.json.problem, 'the address answered 404 (not found)');
    assert.ok((await week()).includes('2026-12-03 Black bin [Bins]'), 'the last good copy still answers');
    const h = await health();
    assert.equal(h.status, 'degraded');
    assert.match(
      h.reason,
      /the “Bins” calendar could not be refreshed \(the address answered 404 \(not found\)\); showing its copy from/,
    );
    // back again: the problem clears
    feeds.feeds.set('/bins.ics', { body: binsFeedChanged, etag: '"v2"' });
    await call(app, owner, 'POST', `${base}/${bins.id}/refresh`);
    assert.equal((await health()).status, 'ok');
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const before = JSON.stringify(await list());
    const refuse = async (path: string, body: object, status: number, reason: RegExp) => {
      const r = await call(app, owner, 'POST', path, body);
      assert.equal(r.status, status, JSON.stringify(r.json));
      assert.match(JSON.stringify(r.json), reason);
    };
    feeds.feeds.set('/page', { body: '<!DOCTYPE html><html><body>Login</body></html>', type: 'text/html' });
    await refuse(
      base,
      { name: 'Page', url: `${feeds.url}/page` },
      400,
      /web page \(HTML\), not an iCalendar/,
    );
    feeds.feeds.set('/sneaky.ics', { body: '<html><body>moved</body></html>' });
    await refuse(base, { name: 'Sneaky', url: `${feeds.url}/sneaky.ics` }, 400, /web page \(HTML\)/);
    feeds.feeds.set('/huge.ics', { body: '', streamBytes: 50 * 1024 * 1024 });
    await refuse(base, { name: 'Huge', url: `${feeds.url}/huge.ics` }, 400, /larger than 5 MB/);
    await refuse(base, { name: 'Gone', url: `${feeds.url}/nothing.ics` }, 400, /answered 404/);
    await refuse(base, { name: 'Ftp', url: 'ftp://example.org/x.ics' }, 400, /only webcal/);
    await refuse(
      `${base}/upload`,
      { name: 'Text', content: 'hello, this is a letter' },
      400,
      /not an iCalendar/,
    );
    await refuse(
      `${base}/upload`,
      { name: 'Spam', content: everyMinuteFeed },
      400,
      /“Ping” repeats every minute with no end/,
    );
    await refuse(
      `${base}/upload`,
      { name: 'Never', content: neverFeed },
      400,
      /never comes \(such as 30 February\)/,
    );
    await refuse(
      `${base}/upload`,
      { name: 'Bins', content: schoolFeed },
      400,
      /already a calendar called “Bins”/,
    );
    // the 50 MB file came by address above; an upload past the server's body limit is refused before it is read
    const big = `BEGIN:VCALENDAR\r\n${'X'.repeat(1_100_000)}`;
    const r = await call(app, owner, 'POST', `${base}/upload`, { name: 'Big', content: big });
    assert.equal(r.status, 413, JSON.stringify(r.json));
    assert.equal(JSON.stringify(await list()), before);
  });

  it('reads webcal:// as https:// and refuses what is not an address', () => {
    assert.equal(feedUrl('webcal://council.example/bins.ics'), 'https://council.example/bins.ics');
    assert.throws(() => feedUrl('bins'), FeedError);
  });
});
