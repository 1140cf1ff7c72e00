// Workspace membership in a real Chromium, from the Workspaces page ("Who can use it") and from the People page (a
// switch per workspace): the owner gives and takes back, and the server agrees.
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
    mkdirSync(screenshotDir, { recursive: true });
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

  for (const width of [390, 1280])
    it(`gives Max a workspace from the People page and takes it back, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${app.url}/admin/#/people`);
      const his = page.getByRole('region', { name: 'Workspaces Max can use' });
      const lake = his.getByRole('checkbox', { name: 'Max can use Lake Cabin' });
      await lake.waitFor();
      assert.equal(await lake.isChecked(), false);
      assert.equal(
        await page.getByRole('region', { name: 'Workspaces Olivia can use' }).count(),
        0,
        'owners use every workspace: no switches for them',
      );
      await lake.check();
      for (let i = 0; i < 50 && !(await slugsOf(member)).length; i++) await page.waitForTimeout(100);
      assert.deepEqual(await slugsOf(member), ['lake-cabin']);
      await page.screenshot({
        path: path.join(screenshotDir, `people-workspaces-${width}.png`),
        fullPage: true,
      });
      // what the page shows after a reload is what the server has
      await page.reload();
      await his.getByRole('checkbox', { name: 'Max can use Lake Cabin', checked: true }).waitFor();
      await lake.uncheck();
      for (let i = 0; i < 50 && (await slugsOf(member)).length; i++) await page.waitForTimeout(100);
      assert.deepEqual(await slugsOf(member), []);
    });
});
