// Plugin settings in a real Chromium: the form from the plugin's schema, the server's message inline, saving restarts the plugin, secrets never leave the server.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const SECRET = 'whsec-never-shown-0123456789abcdef';

describe('admin UI plugin settings (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;
  /** Every API answer the page received, as text: a secret must be in none of them. */
  const answers: string[] = [];

  const webhookStatus = () =>
    fetch(`${app.url}/plugins/concierge/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.status);

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp({ config: { plugins: { concierge: { settings: { retryDelayMs: 250 } } } } });
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
    page = await signedInPage(browser, app, owner.id);
    page.on('response', async (r) => {
      if (r.url().includes('/admin/')) answers.push(await r.text().catch(() => ''));
    });
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('shows the server’s message on the field, saves once fixed, and restarts the plugin with the settings', async () => {
    assert.equal(await webhookStatus(), 503, 'no webhook secret yet: the webhook is not configured');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Plugins' }).click();
    await page.getByRole('button', { name: 'Settings for concierge' }).click();
    const form = page.getByRole('form', { name: 'Settings for concierge' });
    assert.equal(await form.locator('#f-retryDelayMs').inputValue(), '250', 'the config file’s value');
    assert.equal(await form.getByTestId('secret-webhookSecret').textContent(), 'not set');

    await form.locator('#f-sendAttempts').fill('50');
    // a list entry: its own fields, its own message
    await form.getByRole('button', { name: 'Add pms account' }).click();
    await form.locator('#f-accounts-0-account').fill('PMS-7');
    await form.locator('#f-accounts-0-workspace').fill('Not A Slug');
    await form.getByRole('button', { name: 'Save settings' }).click();
    const message = form.locator('#f-sendAttempts-err');
    await message.waitFor();
    assert.match((await message.textContent())!, /<=\s*10/);
    assert.equal(await form.locator('#f-sendAttempts').getAttribute('aria-invalid'), 'true');
    assert.equal(await form.locator('#f-accounts-0-workspace-err').textContent(), 'a workspace slug');
    await form.getByRole('button', { name: 'Remove PMS account 1' }).click();
    const unchanged = (await call(app, owner, 'GET', '/admin/plugins/concierge/settings')).json;
    assert.equal(unchanged.values.sendAttempts, undefined, 'nothing was stored');

    await form.locator('#f-sendAttempts').fill('5');
    await form.locator('#f-webhookSecret').fill(SECRET);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // what the save did, in words: not the plugin's id and raw state ("concierge restarted … (active)")
    const said = (await form.getByRole('status').filter({ hasText: 'Saved' }).textContent())!;
    assert.doesNotMatch(said, /concierge|\(active\)/);
    assert.match(
      said,
      /^Saved\. (It restarted with the new settings and is running\.|One thing is still missing: .+\.)$/,
    );
    assert.equal(await message.count(), 0, 'the message went with the mistake');
    assert.equal(await form.getByTestId('secret-webhookSecret').textContent(), 'set');
    assert.equal(await form.locator('#f-webhookSecret').inputValue(), '', 'the typed secret left the page');

    const saved = await call(app, owner, 'GET', '/admin/plugins/concierge/settings');
    assert.equal(saved.json.values.sendAttempts, 5);
    assert.equal(saved.json.values.retryDelayMs, 250, 'what was not changed stays');
    assert.deepEqual(saved.json.secrets, { webhookSecret: true, 'pms.apiKey': false });
    assert.equal(saved.json.status.state, 'active');
    // restarted with the secret: an unsigned request is now refused as unsigned, not as unconfigured
    assert.equal(await webhookStatus(), 401);

    await page.reload();
    await page.getByRole('button', { name: 'Settings for concierge' }).click();
    assert.equal(await form.locator('#f-sendAttempts').inputValue(), '5', 'persisted');

    // saving again without typing the secret keeps it
    await form.locator('#f-retryDelayMs').fill('300');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.equal(app.quorra.plugins.settingsOf('concierge').webhookSecret, SECRET);

    const leaks = [...answers, JSON.stringify(saved.json), await page.content()].filter((t) =>
      t.includes(SECRET),
    );
    assert.deepEqual(leaks, [], 'the secret is in no API answer and not in the page');
    const audit = JSON.stringify((await call(app, owner, 'GET', '/admin/audit')).json);
    assert.ok(audit.includes('admin_set_plugin_settings') && !audit.includes(SECRET));
  });

  it('starts with the saved settings after a restart (the database wins over the config file)', async function () {
    this.timeout(60_000);
    const dataDir = app.dataDir;
    await app.stop();
    app = await bootApp({ dataDir, config: { plugins: { concierge: { settings: { retryDelayMs: 250 } } } } });
    // the owner's API token is in the database too
    const settings = await call(app, owner, 'GET', '/admin/plugins/concierge/settings');
    assert.equal(settings.json.values.sendAttempts, 5);
    assert.equal(settings.json.values.retryDelayMs, 300);
    assert.equal(settings.json.secrets.webhookSecret, true);
    assert.equal(await webhookStatus(), 401, 'the secret is in use again');
  });

  it('refuses a member the settings (403) and an unknown plugin (404)', async () => {
    const member = await addUser(app, 'Max', 'member');
    assert.equal((await call(app, member, 'GET', '/admin/plugins/concierge/settings')).status, 403);
    assert.equal((await call(app, member, 'PUT', '/admin/plugins/concierge/settings', {})).status, 403);
    assert.equal((await call(app, owner, 'GET', '/admin/plugins/nope/settings')).status, 404);
  });
});
