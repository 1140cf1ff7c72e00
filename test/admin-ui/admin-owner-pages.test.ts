// Owner pages in a real Chromium: a member's navigation never offers them and each one's API answers 403; the owner's turn inspector in developer mode.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../support/household.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

/** Each owner page (its hash route and nav label) and an API call the page depends on. */
const ownerPages = [
  { route: 'people', label: 'People', api: '/admin/users' },
  { route: 'plugins', label: 'Plugins', api: '/admin/plugins' },
  { route: 'plugins', label: 'Plugins', api: '/admin/plugins/concierge/settings' },
  { route: 'workspaces', label: 'Workspaces', api: '/workspaces/options' },
  { route: 'rooms', label: 'Rooms', api: '/matrix/joined-rooms' },
  { route: 'audit', label: 'Audit log', api: '/admin/audit' },
  { route: 'inspector', label: 'Turn inspector', api: '/inspect/turns' },
];

describe('admin UI owner pages and the turn inspector (Chromium)', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;

  const signInAs = (user: TestUser) => signedInPage(browser, app, user.id);
  const navLabels = (p: Page) =>
    p.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents();

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, config: { developerMode: true } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('never shows a member an owner page: not in the navigation, "Owner only" when typed in, 403 from the API', async () => {
    const p = await signInAs(member);
    const labels = await navLabels(p);
    for (const page of ownerPages) {
      assert.ok(!labels.includes(page.label), `${page.label} is not offered to a member (${labels})`);
      assert.equal((await call(app, member, 'GET', page.api)).status, 403, page.api);
      await p.goto(`${app.url}/admin/#/${page.route}`);
      await p.locator('main').getByRole('alert').filter({ hasText: 'Owner only.' }).first().waitFor();
    }
    // the browser session itself cannot reach them either
    const fromPage = await p.evaluate(
      async (paths) => {
        const out: number[] = [];
        for (const path of paths) out.push((await fetch(path)).status);
        return out;
      },
      ownerPages.map((x) => x.api),
    );
    assert.deepEqual(
      fromPage,
      ownerPages.map(() => 403),
    );
    assert.equal((await call(app, member, 'GET', '/auth/session')).json.developer_mode, false);
    await p.context().close();
  });

  it('shows the owner each model call of their turns in the inspector, and forgets them on request', async () => {
    model.next({ content: 'The bins go out on Tuesday.' });
    await chat(app, owner, { message: 'when do the bins go out?' });
    const p = await signInAs(owner);
    assert.ok((await navLabels(p)).includes('Turn inspector'));
    await p
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Turn inspector' })
      .click();
    const turn = p.locator('inspector-view details[data-turn]').first();
    await turn.locator('summary').click();
    await turn.getByLabel('Payload sent to the model').getByText('when do the bins go out?').waitFor();
    await turn.getByLabel("The model's answer").getByText('The bins go out on Tuesday.').waitFor();
    await p.getByRole('button', { name: 'Forget all' }).click();
    await p
      .getByRole('status')
      .filter({ hasText: /Forgot \d+ record/ })
      .waitFor();
    await p.getByText('No turns recorded yet').waitFor();
    assert.deepEqual((await call(app, owner, 'GET', '/inspect/turns')).json.turns, []);
    await p.context().close();
  });
});
