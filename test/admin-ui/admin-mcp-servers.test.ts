// Outside services (MCP) in the admin UI, in a real Chromium: add one, Test connection before saving (connected with
// its tools in words, with level and who may use them; or the failure in plain words), against the real server-everything.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { startEverythingHttp } from '../support/mcp-everything.ts';
import { freePort } from '../support/radicale-server.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');

describe('admin UI outside services (MCP) with Test connection (Chromium)', () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;

  const openForm = async (page: Page): Promise<Locator> => {
    await page.goto(`${app.url}/admin/#/plugins/mcp`);
    const form = page.getByRole('form', { name: 'Settings for mcp' });
    await form.waitFor();
    return form;
  };

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    everything = await startEverythingHttp();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await everything?.stop();
  });

  for (const width of [390, 1280]) {
    it(`adds a service and tests it before saving at ${width} px: connected, its tools with level and audience`, async function () {
      this.timeout(60_000);
      const page = await signedInPage(browser, app, owner.id, { width, height: 844 });
      const form = await openForm(page);
      const status = form.getByTestId('test-mcp');
      const test = () => form.getByRole('button', { name: 'Test connection' }).click();
      await test();
      await status.getByText('Does not work: add a service first').waitFor();

      await form.getByRole('button', { name: 'Add outside service' }).click();
      const entry = form.locator('fieldset.entry').first();
      await entry.getByLabel('Short name').fill('ev');
      await entry.getByLabel('Name', { exact: true }).fill('Everything');
      await entry.getByLabel('Scope').fill('home');
      await entry.getByLabel('Address').fill(`http://127.0.0.1:${await freePort()}/mcp`);
      await test();
      await status
        .getByText('Does not work: Everything: does not work, nothing answered at that address')
        .waitFor();

      await entry.getByLabel('Address').fill(everything.url);
      await test();
      await status.getByText(/^Works: Everything: connected, \d+ tools: /).waitFor({ timeout: 20_000 });
      const said = (await status.textContent()) ?? '';
      assert.match(said, /ev_echo \(looks things up, everyone\)/);
      assert.match(said, /ev_get_sum \(looks things up, everyone\)/);
      assert.match(said, /ev_toggle_simulated_logging \(acts, kept in the log, everyone\)/);
      assert.ok(!/Echoes back/.test(said), 'the service’s own descriptions are not repeated');
      await page.screenshot({
        path: path.join(screenshotDir, `plugins-mcp-test-connection-${width}.png`),
        fullPage: true,
      });

      const stored = await call(app, owner, 'GET', '/admin/plugins/mcp/settings');
      assert.deepEqual(stored.json.values.servers ?? [], [], 'trying saved nothing');
      await page.context().close();
    });
  }
});
