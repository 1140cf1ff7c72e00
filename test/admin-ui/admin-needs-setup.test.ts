// A plugin switched on but not configured says "needs setup" on every surface — /health/details, the Plugins page,
// the Overview — with the action that fixes it; set up (the concierge's PMS, here the PMS double), it reads "active"
// everywhere. The calendar needs no server (its own storage is the default), so it never says it.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { PmsServer } from '../support/pms-server.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI: "needs setup" agrees on every surface (Chromium)', () => {
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;

  const badgeOf = (row: ReturnType<Page['locator']>) =>
    row.locator('status-badge').first().locator('span').textContent();

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    pms = await PmsServer.start();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
    page = await signedInPage(browser, app, owner.id);
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await pms?.close();
  });

  it('says "needs setup" for the concierge without a PMS, with the way to set it up, on all three', async () => {
    const details = await call(app, owner, 'GET', '/health/details');
    const concierge = details.json.checks.plugins.plugins.concierge;
    assert.equal(concierge.state, 'active');
    assert.equal(concierge.needsSetup.field, 'pms');
    assert.match(details.json.checks.plugins.reason, /needs setup: .*concierge/);
    assert.equal(
      details.json.checks.plugins.plugins.calendar.needsSetup,
      undefined,
      'the calendar keeps its own',
    );
    const listed = await call(app, owner, 'GET', '/admin/plugins');
    assert.ok(listed.json.plugins.find((p: { id: string }) => p.id === 'concierge').needsSetup.what);

    await page.goto(`${app.url}/admin/#/overview`);
    const card = page.locator('section[data-check="concierge"]');
    assert.equal(await badgeOf(card), 'needs setup');
    await card.getByText('property-management system (PMS)').waitFor();
    const tableRow = page
      .getByRole('table', { name: 'Plugin health' })
      .locator('tr[data-plugin="concierge"]');
    assert.equal(await badgeOf(tableRow), 'needs setup');
    assert.notEqual(await badgeOf(page.locator('section[data-check="calendar"]')), 'needs setup');

    // the Overview's action opens the concierge's settings on the Plugins page
    await card.getByRole('link', { name: 'Set up concierge' }).click();
    await page.getByRole('form', { name: 'Settings for concierge' }).waitFor();
    const row = page.getByRole('table', { name: 'Plugins' }).locator('tr[data-plugin="concierge"]');
    assert.equal(await badgeOf(row), 'needs setup');
    await row.getByRole('button', { name: 'Set up concierge' }).waitFor();
  });

  it('reads "active" everywhere once the PMS is set', async () => {
    const saved = await call(app, owner, 'PUT', '/admin/plugins/concierge/settings', {
      pms: { baseUrl: pms.url, apiKey: 'pms-key-1' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    const details = await call(app, owner, 'GET', '/health/details');
    assert.equal(details.json.checks.plugins.plugins.concierge.needsSetup, undefined);
    await page.goto(`${app.url}/admin/#/plugins`);
    await page.reload();
    const row = page.getByRole('table', { name: 'Plugins' }).locator('tr[data-plugin="concierge"]');
    await row.waitFor();
    assert.equal(await badgeOf(row), 'active');
    assert.equal(await row.getByRole('button', { name: 'Set up concierge' }).count(), 0);
    await page.goto(`${app.url}/admin/#/overview`);
    const card = page.locator('section[data-check="concierge"]');
    await card.waitFor();
    assert.notEqual(await badgeOf(card), 'needs setup');
  });
});
