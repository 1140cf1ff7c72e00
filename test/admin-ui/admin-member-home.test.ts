// A member's own home in a real Chromium (calendar on a real Radicale): today's reminders and events, their lists, what
// waits on them, their memories — nobody else's; and owner pages reached by address render only "Owner only".
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import type { CalendarApi } from '../../plugins/calendar/index.ts';
import { ManualClock } from '../plugins/calendar/reminders/manual-clock.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { type RadicaleServer, startRadicale } from '../support/radicale-server.ts';
import { deepText } from './deep-text.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');
const ownerRoutes = ['people', 'plugins', 'workspaces', 'rooms', 'dream', 'knowledge', 'audit', 'inspector'];

describe('admin UI: a member’s home, and owner pages closed to them (Chromium)', () => {
  let radicale: RadicaleServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    radicale = await startRadicale();
    app = await bootApp({
      config: {
        plugins: {
          calendar: {
            settings: {
              url: radicale.url,
              username: radicale.username,
              password: radicale.password,
              timezone: 'UTC',
            },
          },
        },
      },
    });
    owner = await addUser(app, 'Olivia', 'owner');
    member = await addUser(app, 'Max', 'member');
    const api = app.quorra.plugins.api<CalendarApi>('calendar')!;
    await api.reminders.start(new ManualClock('2030-04-02T06:59:00Z'));
    const book = api.book!;
    await book.household.add({
      title: 'School run',
      start: '2030-04-02T08:00:00Z',
      end: '2030-04-02T08:30:00Z',
      allDay: false,
    });
    await book.household.add({
      title: 'Next week thing',
      start: '2030-04-09T08:00:00Z',
      end: '2030-04-09T09:00:00Z',
      allDay: false,
    });
    const own = await book.listFor(undefined, { userId: member.id, workspace: null, family: false });
    await own.tasks.add({ title: 'Football boots', completed: false });
    const shared = await book.listFor(undefined, { userId: member.id, workspace: null, family: true });
    await shared.tasks.add({ title: 'Oat milk', completed: false });
    for (const [who, text] of [
      [member, 'Call grandma'],
      [owner, 'Olivia’s dentist'],
    ] as const)
      await api.reminders.set({
        createdBy: who.id,
        userId: who.id,
        text,
        timeZone: 'UTC',
        at: '2030-04-02T15:30',
      });
    for (const [who, content] of [
      [member, 'Max plays football on Saturdays'],
      [owner, 'Olivia’s bank PIN hint is private'],
    ] as const)
      assert.equal((await call(app, who, 'POST', '/memory', { content })).status, 201);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await radicale?.stop();
  });

  for (const width of [390, 1280]) {
    it(`lands a member on their own day at ${width} px, with only their things`, async () => {
      const page = await signedInPage(browser, app, member.id, { width, height: 844 });
      assert.equal(await page.evaluate(() => location.hash), '#/home');
      const main = page.locator('main');
      await main.getByRole('heading', { name: 'Max’s day' }).waitFor();
      await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      const today = main.getByRole('region', { name: 'Today' });
      await today.getByText('School run').waitFor();
      await today.getByText('Call grandma').waitFor();
      const lists = main.getByRole('region', { name: 'Your lists' });
      await lists.getByText('Football boots').waitFor();
      await lists.getByText('Oat milk').waitFor();
      await main
        .getByRole('region', { name: 'Waiting for you' })
        .getByText('Nothing is waiting for you.')
        .waitFor();
      await main
        .getByRole('region', { name: 'Your memories' })
        .getByText('Max plays football on Saturdays')
        .waitFor();
      const text = await deepText(main);
      assert.ok(text.includes('Call grandma'), 'the deep text is read');
      for (const other of ['Next week thing', 'Olivia’s dentist', 'Olivia’s bank PIN hint'])
        assert.ok(!text.includes(other), `${other} is not on Max’s page`);
      await page.screenshot({ path: path.join(screenshotDir, `home-${width}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('shows a member "Owner only" on each owner page typed in, with no buttons, no loading and no request behind it', async () => {
    const page = await signedInPage(browser, app, member.id);
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!u.pathname.startsWith('/admin/assets')) asked.push(u.pathname);
    });
    for (const route of ownerRoutes) {
      await page.goto(`${app.url}/admin/#/${route}`);
      const main = page.locator('main');
      await main.getByRole('alert').filter({ hasText: 'Owner only.' }).waitFor();
      assert.equal(await main.getByRole('button').count(), 0, `no buttons on #/${route}`);
      assert.equal(await main.getByText('Loading…').count(), 0, `nothing loading on #/${route}`);
      assert.ok(!(await deepText(main)).includes('Add a person'));
    }
    const ownerCalls = asked.filter((p) =>
      /^\/(admin\/(users|plugins|audit)|workspaces|matrix|brain|inspect)/.test(p),
    );
    assert.deepEqual(ownerCalls, [], 'the owner pages asked the server nothing');
    await page.getByRole('link', { name: 'My day' }).first().click();
    await page.getByRole('heading', { name: 'Max’s day' }).waitFor();
    await page.context().close();
  });
});
