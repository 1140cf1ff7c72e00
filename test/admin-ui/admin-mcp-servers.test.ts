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
import { OAuthMcpServer } from '../support/oauth-mcp-server.ts';
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

  it('sets a tool’s permission level and audience in words, saves it, and the tool follows', async function () {
    this.timeout(60_000);
    const page = await signedInPage(browser, app, owner.id, { width: 390, height: 844 });
    const form = await openForm(page);
    await form.getByRole('button', { name: 'Add outside service' }).click();
    const entry = form.locator('fieldset.entry').first();
    await entry.getByLabel('Short name').fill('ev');
    await entry.getByLabel('Name', { exact: true }).fill('Everything');
    await entry.getByLabel('Scope').fill('home');
    await entry.getByLabel('Address').fill(everything.url);
    const rules = entry.locator('fieldset[data-field="servers.0.tools"]');
    await rules.getByRole('button', { name: 'Add a rule for a tool' }).click();
    // a rule with no tool named yet is named back, and nothing is saved
    await form.getByRole('button', { name: 'Save settings' }).click();
    await rules.getByText('give each entry its name').waitFor();
    assert.deepEqual(
      (await call(app, owner, 'GET', '/admin/plugins/mcp/settings')).json.values.servers ?? [],
      [],
    );

    await rules.getByLabel('Tool name', { exact: true }).fill('ev_echo');
    await rules.getByLabel('Tool name', { exact: true }).blur();
    const level = rules.getByLabel('Permission level');
    assert.deepEqual(
      (await level.locator('option').allTextContents()).map((t) => t.trim()),
      ['—', 'Just looks things up', 'Changes something (kept in the log)', 'Asks you first'],
    );
    await level.selectOption({ label: 'Asks you first' });
    await rules.getByLabel('Who may use it').selectOption({ label: 'Owners only' });
    assert.ok(!/\(JSON\)/.test((await entry.textContent()) ?? ''), 'no field of the service asks for JSON');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 30_000 });
    const saved = await call(app, owner, 'GET', '/admin/plugins/mcp/settings');
    assert.deepEqual(saved.json.values.servers[0].tools, { ev_echo: { tier: 2, audience: 'owner' } });
    // the tool as the engine sees it: asks first, owners only
    let echo = app.quorra.registries.tools.get('ev_echo');
    for (let i = 0; i < 100 && echo?.tier !== 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      echo = app.quorra.registries.tools.get('ev_echo');
    }
    assert.equal(echo?.tier, 2);
    assert.equal(echo?.audience, 'owner');
    await page.screenshot({
      path: path.join(screenshotDir, 'plugins-mcp-tool-rule-390.png'),
      fullPage: true,
    });
    await page.context().close();
  });
});

describe('admin UI signing in to an OAuth-protected service (Chromium)', () => {
  let server: OAuthMcpServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    server = await OAuthMcpServer.start();
    const servers = [{ id: 'sv', label: 'Signed service', scope: 'home', url: server.url }];
    app = await bootApp({ config: { plugins: { mcp: { settings: { servers } } } } });
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await server?.close();
  });

  it('shows the service waiting, opens its sign-in page, and comes back signed in', async function () {
    this.timeout(60_000);
    const page = await signedInPage(browser, app, owner.id, { width: 390, height: 844 });
    await page.goto(`${app.url}/admin/#/plugins/mcp`);
    await page.getByText('Signed service needs you to sign in before Quorra can use it.').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'plugins-mcp-sign-in-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign in to Signed service' }).click();
    // the service's authorize page sends the browser straight back to Quorra's callback
    await page.getByText('Quorra is signed in to Signed service.', { exact: false }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/plugins/mcp/oauth/callback');
    assert.equal(server.auth.counts.registered, 1);
    assert.equal(server.auth.counts.exchanged, 1);
    const health = await call(app, owner, 'GET', '/health/details');
    assert.equal(health.json.checks.mcp.servers.sv.state, 'ready', JSON.stringify(health.json.checks.mcp));
    await page.goto(`${app.url}/admin/#/plugins/mcp`);
    await page.getByRole('form', { name: 'Settings for mcp' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sign in to Signed service' }).count(), 0);
    await page.context().close();
  });
});
