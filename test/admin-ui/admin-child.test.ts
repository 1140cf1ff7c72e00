// The People page marks a child and shows their reach and quiet hours in words, in a real Chromium.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');

describe('admin UI: a child on the People page (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
    page = await signedInPage(browser, app, owner.id, { width: 390, height: 844 });
    mkdirSync(screenshotDir, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('adds a child with quiet hours and says what they can reach, in words', async () => {
    await page.goto(`${app.url}/admin/#/people`);
    await page.getByRole('button', { name: 'Add a person' }).click();
    const form = page.getByRole('form', { name: 'Add a person' });
    await form.getByLabel('Name').fill('Mia');
    await form.getByLabel('Time zone').fill('Europe/Berlin');
    await form.getByLabel(/This is a child/).check();
    await form.getByLabel('Quiet hours from').fill('19:30');
    await form.getByLabel('Quiet hours until').fill('07:00');
    await form.getByLabel(/short goodnight/).check();
    await form.getByRole('button', { name: 'Add' }).click();
    const card = page.getByRole('article', { name: 'Mia' });
    await card.getByText('Child', { exact: true }).waitFor();
    const reach = (await card.locator('[data-field="reach"]').textContent()) ?? '';
    assert.match(reach, /set reminders/);
    assert.match(reach, /Never money, passwords or deleting things/);
    assert.match(reach, /ask a parent/);
    assert.doesNotMatch(reach, /_/, 'no tool names, only words');
    assert.match((await card.locator('[data-field="quiet"]').textContent()) ?? '', /19:30–07:00.*goodnight/);
    await page.screenshot({ path: path.join(screenshotDir, 'people-child-390.png'), fullPage: true });

    const { users } = (await call(app, owner, 'GET', '/admin/users')).json;
    const mia = users.find((u: any) => u.display_name === 'Mia');
    assert.equal(mia.child, true);
    assert.equal(mia.role, 'member');
    assert.deepEqual(mia.quiet_hours, { start: '19:30', end: '07:00' });
    assert.equal(mia.quiet_reply, true);
  });

  it('refuses to make the owner a child, with the reason in words', async () => {
    await page.getByRole('button', { name: 'Edit Olivia' }).click();
    const form = page.getByRole('form', { name: 'Edit Olivia' });
    await form.getByLabel(/This is a child/).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('a child cannot be an owner of the household').waitFor();
    const me = (await call(app, owner, 'GET', '/admin/users')).json.users.find((u: any) => u.id === owner.id);
    assert.equal(me.child, false);
  });
});
