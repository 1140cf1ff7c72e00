// Knowledge in a real Chromium: collections with their skips, "Reindex now" with a live progress bar fed by SSE.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventListeners, indexIdle, seedVault } from '../plugins/knowledge/knowledge-app-kit.ts';
import { type BootedApp, bootApp, tempDir } from '../support/boot-app.ts';
import { addUser, call, eventually, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const shown = (l: Locator) => l.first().waitFor({ state: 'visible' });
const FILES = 320;

describe('admin UI Knowledge page (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;

  /** Signed in and on the Knowledge page; a member's navigation has no Knowledge link, so the address takes them there. */
  async function signedIn(user: TestUser): Promise<Page> {
    const page = await signedInPage(browser, app, user.id, { width: 1280, height: 900 });
    page.setDefaultTimeout(20_000);
    await page.goto(`${app.url}/admin/#/knowledge`);
    return page;
  }

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    const dataDir = tempDir();
    const vault = path.join(dataDir, 'vault');
    seedVault(vault, FILES);
    app = await bootApp({
      dataDir,
      config: { plugins: { knowledge: { settings: { watch: false, indexOnStart: false } } } },
    });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    assert.equal(member.id, 'max', 'the vault folder members/max is theirs');
    // the pass activation starts (guest windows) has to finish before the page's own reindex
    await indexIdle(app, owner);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('lists each collection with its files and skips, a member’s file name withheld', async () => {
    const page = await signedIn(owner);
    const household = page.locator('tr[data-collection="household"]');
    await shown(household.getByText('Household'));
    assert.match((await household.locator('td').nth(1).textContent()) ?? '', new RegExp(`${FILES}`));
    await shown(household.locator('[data-field="skipped"]').getByText('household/broken.md'));
    const max = page.locator('tr[data-collection="member:max"]');
    await shown(max.getByText('Max’s files'));
    await shown(max.getByText('a file in their own folder'));
    assert.equal(await page.getByText('diary').count(), 0);
    await page.context().close();
  });

  it('reindexes on request and moves the progress bar through intermediate values until done', async () => {
    const page = await signedIn(owner);
    await shown(page.getByRole('button', { name: 'Reindex now' }));
    await eventually(async () => (await eventListeners(app)) === 1, 10_000);
    // every value the bar takes, recorded in the page as the DOM changes (not sampled on a clock)
    // (a string, so the test runner's compiled helpers never reach the page)
    await page.evaluate(`(() => {
      const seen = (window.__barValues = []);
      const root = document.querySelector('quorra-app').shadowRoot.querySelector('knowledge-view').shadowRoot;
      new MutationObserver((records) => {
        for (const r of records) {
          const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes];
          for (const n of nodes) {
            if (!(n instanceof Element)) continue;
            for (const bar of [n, ...n.querySelectorAll('progress')])
              if (bar.tagName === 'PROGRESS' && bar.hasAttribute('value')) seen.push(bar.getAttribute('value'));
          }
        }
      }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    })()`);
    // from the keyboard, as anyone not using a mouse would
    await page.getByRole('button', { name: 'Reindex now' }).focus();
    await page.keyboard.press('Enter');
    await shown(page.getByTestId('knowledge-notice').getByText('Indexing finished'));
    const values: number[] = (await page.evaluate(() => (window as any).__barValues)).map(Number);
    const total = FILES + 2;
    const between = values.filter((v) => v > 0 && v < total);
    assert.ok(between.length >= 3, `values the bar showed: ${values.join(', ')}`);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
      'the bar only moves forward',
    );
    assert.equal(values.at(-1), total);
    assert.equal(await page.getByTestId('knowledge-progress').count(), 0, 'the bar goes away when done');
    const audit = await app.quorra.conversation.audit.recent(5);
    assert.ok(audit.some((a) => a.tool === 'knowledge_reindex' && a.userId === owner.id));
    // leaving the page hangs up: the server's listener goes with it
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
    await eventually(async () => (await eventListeners(app)) === 0, 10_000);
    await page.context().close();
  });

  it('keeps a member away: no Reindex button, no stream, 403 from the API', async () => {
    const page = await signedIn(member);
    await shown(page.getByRole('alert').filter({ hasText: 'Owner only.' }));
    const links = await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link')
      .allTextContents();
    assert.ok(!links.includes('Knowledge'), `a member's navigation offers no Knowledge page: ${links}`);
    assert.equal(await page.getByRole('button', { name: 'Reindex now' }).count(), 0);
    assert.equal(await eventListeners(app), 0);
    assert.equal((await call(app, member, 'POST', '/plugins/knowledge/reindex')).status, 403);
    assert.equal((await call(app, member, 'GET', '/plugins/knowledge/events')).status, 403);
    await page.context().close();
  });
});
