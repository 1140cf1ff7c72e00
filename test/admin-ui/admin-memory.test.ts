// Memory for everyone in a real Chromium: a member edits, archives and restores their own; 5,000 memories searched and paged.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const MANY = 5000;

describe('admin UI memory for everyone (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let max: TestUser;
  let browser: Browser;

  async function signInAs(user: TestUser): Promise<Page> {
    const p = await (await browser.newContext()).newPage();
    p.setDefaultTimeout(15_000);
    const link = await app.quorra.conversation.signInGrants.issueLink(user.id);
    await p.goto(`${app.url}/admin/#/link/${link}`);
    await p.getByTestId('signed-in-as').waitFor();
    await p.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Memory' }).click();
    return p;
  }
  const card = (p: Page, text: string) => p.locator('memory-card', { hasText: text });

  before(async function () {
    this.timeout(300_000);
    await ensureUiBuilt();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    // seeded through the memory store, as the memory tools and Dream write them
    const store = app.quorra.memory.store;
    for (let i = 0; i < MANY; i++)
      await store.create(
        {
          content: `Max noted item number ${i}${i === 4711 ? ' about the zebra crossing' : ''}`,
          tags: ['seed'],
        },
        { ownerUserId: max.id, workspace: null, provenance: 'user_stated' },
      );
    assert.equal(
      (await call(app, max, 'POST', '/memory', { content: 'Max likes his tea without sugar', tags: ['tea'] }))
        .status,
      201,
    );
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it(`searches ${MANY} memories and pages through them`, async () => {
    const p = await signInAs(max);
    await p.getByText('Showing 50 memories (more below)').waitFor();
    await p.getByRole('button', { name: 'Load more' }).click();
    await p.getByText('Showing 100 memories (more below)').waitFor();
    await p.getByLabel('Search', { exact: true }).fill('zebra');
    await p.getByRole('button', { name: 'Search' }).click();
    await p.getByText('Showing 1 memory').waitFor();
    await card(p, 'item number 4711 about the zebra crossing').waitFor();
    assert.equal(await p.locator('memory-card').count(), 1);
    await p.context().close();
  });

  it('lets a member edit, archive and restore their own memory, labelled for them', async () => {
    const p = await signInAs(max);
    await p.getByLabel('Search', { exact: true }).fill('tea');
    await p.getByRole('button', { name: 'Search' }).click();
    const id = (await call(app, max, 'GET', '/memory/mine?q=tea')).json.memories[0].id;
    // by id: while it is edited the text is in a text box, not on the card
    const tea = p.locator(`memory-card:has(article[data-memory-id="${id}"])`);
    await tea.getByText('Max likes his tea without sugar').waitFor();
    await tea.getByText('You told Quorra').waitFor();
    await tea.getByText('Private to you').waitFor();
    await tea.getByRole('button', { name: 'Edit' }).click();
    await tea.getByLabel('Text').fill('Max likes his tea with one sugar');
    await tea.getByRole('button', { name: 'Save' }).click();
    const edited = tea;
    await edited.getByText('Max likes his tea with one sugar').waitFor();
    const row = (await call(app, max, 'GET', '/memory/mine?q=tea')).json.memories[0];
    assert.equal(row.content, 'Max likes his tea with one sugar');

    await edited.getByRole('button', { name: 'Archive' }).click();
    await edited.waitFor({ state: 'detached' });
    assert.ok((await call(app, max, 'GET', '/memory/mine?archived=only&q=tea')).json.memories.length === 1);
    await p.getByLabel('Archived').selectOption('only');
    await edited.getByRole('button', { name: 'Restore' }).click();
    await edited.waitFor({ state: 'detached' });
    assert.equal((await call(app, max, 'GET', '/memory/mine?q=tea')).json.memories[0].archived_at, null);
    await p.context().close();
  });

  it('shows the owner whose memory it is: "Max told Quorra", never "You"', async () => {
    const p = await signInAs(owner);
    await p.getByLabel('Person', { exact: true }).selectOption('max');
    await p.getByLabel('Search', { exact: true }).fill('tea');
    await p.getByRole('button', { name: 'Search' }).click();
    const tea = card(p, 'Max likes his tea with one sugar');
    await tea.getByText('Max told Quorra').waitFor();
    await tea.getByText('Private to Max').waitFor();
    assert.equal(await tea.getByText('You told Quorra').count(), 0);
    assert.equal(
      await tea.getByRole('button', { name: 'Edit' }).count(),
      0,
      'the owner does not rewrite Max’s words',
    );
    await p.context().close();
  });
});
