// A plugin switched on but not configured says "needs setup" on every surface — /health/details, the Plugins page,
// the Overview — with the action that fixes it; set up (the calendar on a real Radicale), it reads "active" everywhere.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { type RadicaleServer, startRadicale } from '../support/radicale-server.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI: "needs setup" agrees on every surface (Chromium)', () => {
  let radicale: RadicaleServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;

  const badgeOf = (row: ReturnType<Page['locator']>) =>
    row.locator('status-badge').first().locator('span').textContent();

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    radicale = await startRadicale();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
    page = await signedInPage(browser, app, owner.id);
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await radicale?.stop();
  });

  it('says "needs setup" for the calendar without a server, with the way to set it up, on all three', async () => {
    const details = await call(app, owner, 'GET', '/health/details');
    const calendar = details.json.checks.plugins.plugins.calendar;
    assert.equal(calendar.state, 'active');
    assert.equal(calendar.needsSetup.field, 'url');
    assert.match(details.json.checks.plugins.reason, /needs setup: .*calendar/);
    assert.match(details.json.checks.calendar.reason, /^needs setup/);
    const listed = await call(app, owner, 'GET', '/admin/plugins');
    assert.ok(listed.json.plugins.find((p: { id: string }) => p.id === 'calendar').needsSetup.what);

    await page.goto(`${app.url}/admin/#/overview`);
    const card = page.locator('section[data-check="calendar"]');
    assert.equal(await badgeOf(card), 'needs setup');
    await card.getByText('calendar server (CalDAV URL)').waitFor();
    const tableRow = page.getByRole('table', { name: 'Plugin health' }).locator('tr[data-plugin="calendar"]');
    assert.equal(await badgeOf(tableRow), 'needs setup');

    // the Overview's action opens the calendar's settings on the Plugins page
    await card.getByRole('link', { name: 'Set up calendar' }).click();
    await page.getByRole('form', { name: 'Settings for calendar' }).waitFor();
    const row = page.getByRole('table', { name: 'Plugins' }).locator('tr[data-plugin="calendar"]');
    assert.equal(await badgeOf(row), 'needs setup');
    await row.getByRole('button', { name: 'Set up calendar' }).waitFor();
  });

  it('reads "active" everywhere once the calendar server is set', async () => {
    const saved = await call(app, owner, 'PUT', '/admin/plugins/calendar/settings', {
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    const details = await call(app, owner, 'GET', '/health/details');
    assert.equal(details.json.checks.plugins.plugins.calendar.needsSetup, undefined);
    await page.goto(`${app.url}/admin/#/plugins`);
    await page.reload();
    const row = page.getByRole('table', { name: 'Plugins' }).locator('tr[data-plugin="calendar"]');
    await row.waitFor();
    assert.equal(await badgeOf(row), 'active');
    assert.equal(await row.getByRole('button', { name: 'Set up calendar' }).count(), 0);
    await page.goto(`${app.url}/admin/#/overview`);
    const card = page.locator('section[data-check="calendar"]');
    await card.waitFor();
    assert.notEqual(await badgeOf(card), 'needs setup');
  });
});
