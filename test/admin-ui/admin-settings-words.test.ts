// Plugin settings in words in a real Chromium: labels and help from the schemas, defaults as the values they are
// (day names, rows, a small table, never JSON), secrets as set / not set, and Test connection against the real
// Radicale and the PMS double — working and failing, in words, with nothing saved.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { PmsServer } from '../support/pms-server.ts';
import { freePort, type RadicaleServer, startRadicale } from '../support/radicale-server.ts';
import { deepText } from './deep-text.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');

describe('admin UI plugin settings in words, with Test connection (Chromium)', () => {
  let radicale: RadicaleServer;
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;

  const openForm = async (page: Page, id: string): Promise<Locator> => {
    await page.goto(`${app.url}/admin/#/plugins/${id}`);
    const form = page.getByRole('form', { name: `Settings for ${id}` });
    await form.waitFor();
    return form;
  };
  const noJson = async (form: Locator) => {
    const text = await deepText(form);
    assert.ok(
      !/Default: [[{"]/.test(text),
      `no default written as JSON: ${text.match(/Default: [[{"].{0,40}/)}`,
    );
  };

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    radicale = await startRadicale();
    pms = await PmsServer.start();
    pms.apiKey = 'the-right-key';
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await radicale?.stop();
    await pms?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows the calendar settings in words at ${width} px: labels, help, day names, secrets as set / not set`, async () => {
      const page = await signedInPage(browser, app, owner.id, { width, height: 844 });
      const form = await openForm(page, 'calendar');
      await form.getByLabel('Calendar server address').waitFor();
      await form.getByText('The CalDAV address of a calendar server you already run').waitFor();
      assert.equal(await form.getByTestId('secret-password').textContent(), 'not set');
      const days = form.locator('fieldset[data-field="workingHours.days"]');
      for (const day of ['Monday', 'Friday']) assert.equal(await days.getByLabel(day).isChecked(), true, day);
      for (const day of ['Saturday', 'Sunday'])
        assert.equal(await days.getByLabel(day).isChecked(), false, day);
      await days.getByText('Default: Monday, Tuesday, Wednesday, Thursday, Friday').waitFor();
      await form.getByText('Personal calendars').first().waitFor();
      await noJson(form);
      await page.screenshot({
        path: path.join(screenshotDir, `plugins-calendar-settings-${width}.png`),
        fullPage: true,
      });
      await page.context().close();
    });
  }

  it('shows a list default as a small table (the budgets) and no JSON on any plugin’s form', async () => {
    const page = await signedInPage(browser, app, owner.id);
    const finance = await openForm(page, 'finance');
    const table = finance.getByRole('table', { name: 'Default budgets' });
    await table.getByRole('cell', { name: 'Household', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'EUR' }).waitFor();
    // a choice in words, not the schema's value ("ledger")
    await table.getByRole('cell', { name: 'Quorra’s own ledger' }).waitFor();
    await noJson(finance);
    for (const id of ['concierge', 'knowledge', 'notepad']) await noJson(await openForm(page, id));
    const knowledge = await openForm(page, 'knowledge');
    assert.deepEqual(
      (await knowledge.getByLabel('Search index').locator('option').allTextContents()).map((t) => t.trim()),
      ['Default: Built in (nothing to install)', 'Built in (nothing to install)', 'A Qdrant server'],
    );

    await page.context().close();
  });

  it('tests the calendar server as typed, before saving: a wrong password, no server, then working', async () => {
    const page = await signedInPage(browser, app, owner.id);
    const form = await openForm(page, 'calendar');
    const status = form.getByTestId('test-caldav');
    const test = () => form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByLabel('Calendar server address').fill(radicale.url);
    await form.getByLabel('User name').fill(radicale.username);
    await form.getByLabel('Password').fill('not-the-password');
    await test();
    await status.getByText('Does not work: the calendar server refused the user name').waitFor();

    await form.getByLabel('Calendar server address').fill(`http://127.0.0.1:${await freePort()}/`);
    await form.getByLabel('Password').fill(radicale.password);
    await test();
    await status.getByText('Does not work: nothing answered at that address').waitFor();

    await form.getByLabel('Calendar server address').fill(radicale.url);
    await test();
    await status.getByText('Works: the calendar server accepted the sign-in').waitFor();
    // nothing was saved by trying
    const stored = await call(app, owner, 'GET', '/admin/plugins/calendar/settings');
    assert.equal(stored.json.values.url, undefined);
    assert.equal(stored.json.secrets.password, false);
    await page.context().close();
  });

  it('tests the PMS as typed: a wrong key refused, the right one accepted', async () => {
    const page = await signedInPage(browser, app, owner.id);
    const form = await openForm(page, 'concierge');
    const status = form.getByTestId('test-pms');
    await form.getByLabel('PMS address').fill(pms.url);
    await form.getByLabel('PMS API key').fill('a-wrong-key');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await status.getByText('Does not work: the PMS refused the API key (it answered 401).').waitFor();
    await form.getByLabel('PMS API key').fill('the-right-key');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await status.getByText('Works: the PMS accepted the key').waitFor();
    assert.equal(pms.messages.length, 0, 'a test sends no message');
    const stored = await call(app, owner, 'GET', '/admin/plugins/concierge/settings');
    assert.equal(stored.json.values.pms, undefined, 'nothing saved');
    await page.context().close();
  });
});
