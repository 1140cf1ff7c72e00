// Every admin page at phone (390 px) and desktop (1280 px) width: a screenshot of each, and no sideways scrolling on a phone.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { seedContradiction, seedRetired, seedRun } from '../core/dream/dream-seed.ts';
import { writeVault } from '../plugins/knowledge/knowledge-test-kit.ts';
import { type BootedApp, bootApp, tempDir } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

/** Where the screenshots go (git-ignored); look at them after a run. */
const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');
const widths = [390, 1280];

describe('admin UI layout at 390 px and 1280 px (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  const pages: string[] = [];

  const signedIn = (width: number) => signedInPage(browser, app, owner.id, { width, height: 844 });

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    // Knowledge's page with a collection and a skipped file to show
    const dataDir = tempDir();
    writeVault(path.join(dataDir, 'vault'), 'household/boiler.md', '# Boiler\n\nServiced each March.\n');
    writeVault(path.join(dataDir, 'vault'), 'household/broken.md', '---\ntitle: [\n---\nbroken');
    // developer mode: the turn inspector is one of the pages too
    app = await bootApp({ dataDir, config: { developerMode: true } });
    owner = await addUser(app, 'Olivia', 'owner', { matrix: ['@olivia:home.example'] });
    await addUser(app, 'Maximilian', 'member', {
      matrix: ['@maximilian.with.a.rather.long.matrix.id:home.example'],
    });
    const long = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft'.repeat(2);
    for (const content of [`The boiler service is due in March ${long}`, 'Bins go out on Tuesday evening'])
      assert.equal(
        (await call(app, owner, 'POST', '/memory', { content, importance: 'core', tags: ['house'] })).status,
        201,
      );
    // Dream's page with something on every part: runs for the chart, a contradiction, a retired note
    const slice = { workspace: null, visibility: 'private' as const, ownerUserId: owner.id };
    for (const n of [3, 7, 2]) await seedRun(app, slice, { beliefsWritten: n, corroborated: 2, deduped: 1 });
    await seedContradiction(app, owner.id, `Olivia drives a Golf ${long}`, 'Olivia drives an Audi');
    await seedRetired(app, slice, 1, 'malformed');
    browser = await launchChromium();
    const page = await signedIn(1280);
    pages.push(
      ...(await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.replace('#/', '')))),
    );
    await page.context().close();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('keeps a phone header to one row: the page starts within the first quarter of a 390×844 screen, the sections open from a Menu', async () => {
    const page = await signedIn(390);
    await page.goto(`${app.url}/admin/#/memory`);
    const heading = page.locator('main h2').first();
    await heading.waitFor();
    const top = (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    assert.ok(top <= 844 * 0.25, `the page's heading starts at ${top} px of 844`);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    assert.equal(await nav.isVisible(), false, 'the sections are folded away on a phone');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await page.screenshot({ path: path.join(screenshotDir, 'menu-open-390.png') });
    await nav.getByRole('link', { name: 'Finance' }).click();
    await page.locator('finance-view h2').waitFor();
    assert.equal(await nav.isVisible(), false, 'choosing a section folds the menu again');
    await menu.click();
    await nav.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await page.context().close();
  });

  for (const width of widths) {
    it(`renders every page at ${width} px${width < 500 ? ' without sideways scrolling' : ''}, with a screenshot`, async function () {
      // every page twice over on a machine shared with other runs
      this.timeout(90_000);
      for (const expected of ['plugins', 'workspaces', 'rooms', 'audit', 'inspector'])
        assert.ok(pages.includes(expected), `found the pages: ${pages.join(', ')}`);
      const page = await signedIn(width);
      const overflowing: string[] = [];
      for (const route of ['sign-in', ...pages]) {
        if (route === 'sign-in') {
          const fresh = await (await browser.newContext({ viewport: { width, height: 844 } })).newPage();
          await fresh.goto(`${app.url}/admin/`);
          await fresh.getByLabel('Your Matrix ID').waitFor();
          await fresh.screenshot({ path: path.join(screenshotDir, `sign-in-${width}.png`), fullPage: true });
          if (width < 500 && (await scrollsSideways(fresh))) overflowing.push('sign-in');
          await fresh.context().close();
          continue;
        }
        await page.goto(`${app.url}/admin/#/${route}`);
        await page.locator('main h2').first().waitFor();
        // let the view's data arrive (its "Loading…" goes away) before measuring
        await page.getByText('Loading…').first().waitFor({ state: 'detached' });
        await page.screenshot({ path: path.join(screenshotDir, `${route}-${width}.png`), fullPage: true });
        if (width < 500 && (await scrollsSideways(page))) overflowing.push(route);
        const open = opened[route];
        if (!open) continue;
        // the page's form open too: the plugin settings form, the guided new-workspace flow
        await open(page);
        await page.getByText('Loading…').first().waitFor({ state: 'detached' });
        await page.screenshot({
          path: path.join(screenshotDir, `${route}-open-${width}.png`),
          fullPage: true,
        });
        if (width < 500 && (await scrollsSideways(page))) overflowing.push(`${route} (open)`);
      }
      assert.deepEqual(overflowing, [], `pages that scroll sideways at ${width} px`);
      await page.context().close();
    });
  }
});

/** Pages with a second state worth a screenshot: how to open it. */
const opened: Record<string, (page: Page) => Promise<void>> = {
  plugins: async (page) => {
    await page.getByRole('button', { name: 'Settings for concierge' }).click();
    await page.getByRole('form', { name: 'Settings for concierge' }).waitFor();
  },
  workspaces: async (page) => {
    await page.getByRole('button', { name: 'New workspace' }).click();
    await page.getByLabel('Name').waitFor();
  },
};

/** Whether the document is wider than the viewport (a phone would scroll it sideways). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
