// People and API tokens in a real Chromium, signed in with a browser session (cookie + CSRF): create/revoke, add/edit/remove.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI people and tokens (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;
  let page: Page;

  const signInAs = (user: TestUser) => signedInPage(browser, app, user.id);
  const go = (p: Page, name: string) =>
    p.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
  const statusWith = (token: string) =>
    fetch(`${app.url}/tokens`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    browser = await launchChromium();
    page = await signInAs(owner);
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('creates a token shown once, and revoking it makes it answer 401 at once', async () => {
    await go(page, 'API tokens');
    await page.getByLabel('Token label', { exact: true }).fill('backup script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-token').textContent())!.trim();
    assert.match(token, /^qra_/);
    assert.equal(await statusWith(token), 200);
    const row = page.locator('li[data-token]', { hasText: 'backup script' });
    await row.getByText('last used').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    assert.equal(await page.getByTestId('new-token').count(), 0, 'the token is not shown again');
    await page.getByRole('button', { name: 'Revoke backup script' }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal(await statusWith(token), 401);
  });

  it('adds a person with the server’s message inline, edits and removes them with the consequences stated', async () => {
    await go(page, 'People');
    await page.getByRole('button', { name: 'Add a person' }).click();
    const form = page.getByRole('form', { name: 'Add a person' });
    await form.getByLabel('Name').fill('Anna');
    await form.getByLabel('Matrix IDs').fill('@anna:home.test');
    await form.getByLabel('Time zone').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('a valid IANA time zone').waitFor();
    assert.equal(await form.getByLabel('Time zone').getAttribute('aria-invalid'), 'true');
    assert.ok(
      !(await call(app, owner, 'GET', '/admin/users')).json.users.some((u: any) => u.display_name === 'Anna'),
    );
    await form.getByLabel('Time zone').fill('Europe/Berlin');
    await form.getByRole('button', { name: 'Add' }).click();
    const card = page.locator('article[data-user="anna"]');
    await card.getByText('@anna:home.test').waitFor();

    await card.getByRole('button', { name: 'Edit Anna' }).click();
    const edit = page.getByRole('form', { name: 'Edit Anna' });
    await edit.getByLabel('Name').fill('Anna Berg');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved Anna Berg.' }).waitFor();
    const anna = (await call(app, owner, 'GET', '/admin/users')).json.users.find((u: any) => u.id === 'anna');
    assert.equal(anna.display_name, 'Anna Berg');
    assert.deepEqual(anna.matrix_ids, ['@anna:home.test'], 'fields not changed stay');

    await card.getByRole('button', { name: 'Remove Anna Berg…' }).click();
    const confirm = card.getByRole('group', { name: 'Confirm removing Anna Berg' });
    await confirm.getByText('private memories stay visible to the owner').waitFor();
    await confirm.getByRole('button', { name: 'Yes, remove Anna Berg' }).click();
    await card.waitFor({ state: 'detached' });
    assert.ok(!(await call(app, owner, 'GET', '/admin/users')).json.users.some((u: any) => u.id === 'anna'));
  });

  it('keeps a member out of owner pages, but lets them manage their own tokens', async () => {
    const p = await signInAs(member);
    await p.goto(`${app.url}/admin/#/people`);
    await p.getByRole('alert').filter({ hasText: 'Owner only.' }).waitFor();
    assert.equal(await p.locator('article[data-user]').count(), 0);
    const forged = await p.evaluate(async () => {
      const r = await fetch('/admin/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mallory', role: 'owner' }),
      });
      return r.status;
    });
    assert.equal(forged, 403, 'no CSRF token: refused before the role is even looked at');
    await go(p, 'API tokens');
    await p.getByText('You have no API tokens.').or(p.locator('li[data-token]')).first().waitFor();
    await p.context().close();
  });
});
