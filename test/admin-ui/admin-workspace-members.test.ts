// "Who can use it" on the Workspaces page in a real Chromium: the owner adds and removes a member, and the server agrees.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI workspace members (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;
  let page: Page;

  const slugsOf = async (who: TestUser) =>
    (await call(app, who, 'GET', '/workspaces')).json.workspaces.map((w: any) => w.slug);

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    assert.equal(
      (await call(app, owner, 'POST', '/workspaces', { name: 'Lake Cabin', services: ['general'] })).status,
      201,
    );
    browser = await launchChromium();
    page = await signedInPage(browser, app, owner.id);
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('adds Max to a workspace and removes him again, and his listing follows', async () => {
    await page.goto(`${app.url}/admin/#/workspaces`);
    const who = page.getByRole('region', { name: 'Who can use Lake Cabin' });
    await who.getByText('Only the owners.').waitFor();
    assert.deepEqual(await slugsOf(member), []);
    await who.getByLabel('Member to add to Lake Cabin').selectOption({ label: 'Max' });
    await who.getByRole('button', { name: 'Add' }).click();
    await who.getByRole('button', { name: 'Remove Max' }).waitFor();
    assert.deepEqual(await slugsOf(member), ['lake-cabin']);
    await who.getByRole('button', { name: 'Remove Max' }).click();
    await who.getByText('Only the owners.').waitFor();
    assert.deepEqual(await slugsOf(member), []);
  });
});
