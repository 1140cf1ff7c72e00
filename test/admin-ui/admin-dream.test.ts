// Dream in a real Chromium: switches saved through the API, the run chart's bars, contradictions answered, retired notes paged.
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { seedContradiction, seedRetired, seedRun } from '../core/dream/dream-seed.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const shown = (l: Locator) => l.first().waitFor({ state: 'visible' });

describe('admin UI Dream page (Chromium)', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;
  let lake: string;

  /** Signed in and on the Dream page; a member's navigation has no Dream link, so the address takes them there. */
  async function signedIn(user: TestUser): Promise<Page> {
    const page = await signedInPage(browser, app, user.id, { width: 1280, height: 900 });
    await page.goto(`${app.url}/admin/#/dream`);
    return page;
  }

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    lake = (await call(app, owner, 'POST', '/workspaces', { name: 'Lake house', services: ['general'] })).json
      .slug;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  it('turns Dream on for a workspace, saved through the API and still on after a reload', async () => {
    const page = await signedIn(owner);
    const toggle = page.getByRole('switch', { name: 'Dream for Lake house' });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page
      .locator(`tr[data-workspace="${lake}"] button[data-switch="enabled"][aria-checked="true"]`)
      .waitFor();
    const stored = (await call(app, owner, 'GET', '/brain/dream/settings')).json.workspaces.find(
      (w: any) => w.workspace === lake,
    );
    assert.deepEqual([stored.enabled, stored.enrolled, stored.allow_llm_text], [true, true, true]);
    await page.reload();
    await page.getByTestId('signed-in-as').waitFor();
    assert.equal(
      await page.getByRole('switch', { name: 'Dream for Lake house' }).getAttribute('aria-checked'),
      'true',
    );
    await shown(page.locator(`tr[data-workspace="${lake}"]`).getByText('set by you'));
    // and off again from the keyboard alone
    await page.getByRole('switch', { name: 'Dream for Lake house' }).focus();
    await page.keyboard.press('Space');
    await page
      .locator(`tr[data-workspace="${lake}"] button[data-switch="enabled"][aria-checked="false"]`)
      .waitFor();
    const off = (await call(app, owner, 'GET', '/brain/dream/settings')).json.workspaces.find(
      (w: any) => w.workspace === lake,
    );
    assert.equal(off.enabled, false);
    await page.context().close();
  });

  it('draws one stacked bar per run, each segment as tall as its count', async () => {
    const slice = { workspace: lake, visibility: 'shared' as const, ownerUserId: null };
    const seeded = [
      { beliefsWritten: 6, corroborated: 2, deduped: 1, notesRetired: 1 },
      { beliefsWritten: 0, corroborated: 5, deduped: 3, notesRetired: 0 },
      { beliefsWritten: 2, corroborated: 0, deduped: 0, notesRetired: 2 },
    ];
    const ids: number[] = [];
    for (const c of seeded) ids.push(await seedRun(app, slice, c));
    const page = await signedIn(owner);
    const chart = page.locator('dream-timeline-chart svg[role="img"]');
    await shown(chart);
    assert.equal(await chart.locator('g[data-run]').count(), 3);
    // oldest on the left: the bars follow the runs' order
    assert.deepEqual(
      await chart
        .locator('g[data-run]')
        .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-run')))),
      ids,
    );
    const scale = Number(await chart.getAttribute('data-scale'));
    assert.equal(Number(await chart.getAttribute('data-max')), 10);
    const series = { beliefsWritten: 'beliefsWritten', corroborated: 'corroborated', deduped: 'deduped' };
    for (const [i, c] of seeded.entries()) {
      const bar = chart.locator(`g[data-run="${ids[i]}"]`);
      const expected: Record<string, number> = { ...c, retired: c.notesRetired };
      for (const key of [...Object.keys(series), 'retired']) {
        const rect = bar.locator(`rect[data-series="${key}"]`);
        assert.equal(Number(await rect.getAttribute('data-value')), expected[key], `${ids[i]} ${key}`);
        assert.ok(
          Math.abs(Number(await rect.getAttribute('height')) - expected[key] * scale) < 0.01,
          `run ${ids[i]} ${key} is drawn ${expected[key]} high`,
        );
      }
    }
    // the same numbers as a table, for screen readers and anyone who prefers one
    await page.getByText('The runs as a table').click();
    const row = page
      .getByRole('table', { name: 'Dream runs as a table' })
      .locator(`tr[data-run="${ids[0]}"]`);
    assert.match((await row.locator('td[data-series="beliefsWritten"]').textContent()) ?? '', /6/);
    await page.context().close();
  });

  it('accepts one contradiction and reverts another, each showing what happened', async () => {
    const golf = await seedContradiction(app, owner.id, 'Olivia drives a Golf', 'Olivia drives an Audi');
    const leeds = await seedContradiction(app, owner.id, 'Olivia lives in Leeds', 'Olivia lives in York');
    const page = await signedIn(owner);
    const list = page.getByRole('list', { name: 'Open contradictions' });
    const golfItem = list.locator(`li[data-review="${golf.review.id}"]`);
    await shown(golfItem.getByText('Olivia drives an Audi'));
    await golfItem.getByRole('button', { name: /^Accept the newer belief/ }).click();
    await shown(golfItem.getByText('Accepted: the newer belief stands.'));
    const leedsItem = list.locator(`li[data-review="${leeds.review.id}"]`);
    await leedsItem.getByRole('button', { name: /^Revert to the older belief/ }).click();
    await shown(leedsItem.getByText('Reverted: the older belief holds again'));
    const resolved = (await call(app, owner, 'GET', '/brain/dream/reviews?status=resolved')).json.reviews;
    assert.deepEqual(
      resolved.map((r: any) => [r.id, r.status]).sort(),
      [
        [golf.review.id, 'accepted'],
        [leeds.review.id, 'reverted'],
      ].sort(),
    );
    assert.ok((await app.quorra.memory.store.getForOwner(leeds.b.id))?.archivedAt, 'the newer is archived');
    assert.equal((await app.quorra.memory.store.getForOwner(leeds.a.id))?.validUntil, null);
    // answered meanwhile somewhere else (another tab, Matrix): the item says so instead of failing again
    const bins = await seedContradiction(app, owner.id, 'The bins go out Monday', 'The bins go out Tuesday');
    await page.reload();
    await page.getByTestId('signed-in-as').waitFor();
    const binsItem = page
      .getByRole('list', { name: 'Open contradictions' })
      .locator(`li[data-review="${bins.review.id}"]`);
    await shown(binsItem.getByText('The bins go out Tuesday'));
    await call(app, owner, 'POST', `/brain/dream/reviews/${bins.review.id}`, { decision: 'accept' });
    await binsItem.getByRole('button', { name: /^Revert to the older belief/ }).click();
    await shown(binsItem.getByText('Already answered elsewhere'));
    assert.equal(await binsItem.getByRole('button').count(), 0);
    assert.equal(
      (await app.quorra.memory.store.getForOwner(bins.b.id))?.archivedAt ?? null,
      null,
      'not reverted',
    );
    await page.getByRole('button', { name: /^Resolved \(3\)/ }).click();
    await shown(
      page
        .getByRole('list', { name: 'Resolved contradictions' })
        .locator(`li[data-review="${golf.review.id}"]`),
    );
    await page.context().close();
  });

  it('lists retired notes with their reasons, ten at a time', async () => {
    const slice = { workspace: null, visibility: 'private' as const, ownerUserId: member.id };
    for (let i = 1; i <= 12; i++) await seedRetired(app, slice, 100 + i, i % 2 ? 'malformed' : 'timeout');
    const page = await signedIn(owner);
    const list = page.getByRole('list', { name: 'Retired notes' });
    await shown(page.getByTestId('retired-count').getByText('12 notes retired'));
    assert.equal(await list.locator('li').count(), 10);
    await shown(list.locator('li', { hasText: 'Note #112' }).getByText('the model took too long'));
    await page.getByRole('button', { name: 'Show more retired notes' }).click();
    await shown(
      list.locator('li', { hasText: 'Note #101' }).getByText('the model’s answer could not be read'),
    );
    assert.equal(await list.locator('li').count(), 12);
    assert.equal(await page.getByRole('button', { name: 'Show more retired notes' }).count(), 0);
    // Refresh reads every part again, the retired notes included
    await seedRetired(app, slice, 113, 'timeout');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await shown(page.getByTestId('retired-count').getByText('13 notes retired'));
    await page.context().close();
  });

  it('keeps a member away from every Dream control: hidden in the page, 403 from the API', async () => {
    const open = await seedContradiction(app, owner.id, 'The car is blue', 'The car is red');
    const page = await signedIn(member);
    await shown(page.getByRole('alert').filter({ hasText: 'Owner only.' }));
    const links = await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link')
      .allTextContents();
    assert.ok(!links.includes('Dream'), `a member's navigation offers no Dream page: ${links}`);
    for (const hidden of [
      'dream-switches',
      'dream-review-list',
      'dream-retired-list',
      'dream-timeline-chart',
    ])
      assert.equal(await page.locator(hidden).count(), 0, hidden);
    assert.equal(await page.getByRole('switch').count(), 0);
    assert.equal(await page.getByRole('button', { name: /Accept|Revert/ }).count(), 0);
    assert.equal(
      (await call(app, member, 'PUT', `/brain/dream/settings/${lake}`, { enrolled: true })).status,
      403,
    );
    assert.equal(
      (await call(app, member, 'POST', `/brain/dream/reviews/${open.review.id}`, { decision: 'accept' }))
        .status,
      403,
    );
    for (const path of ['/brain/dream/settings', '/brain/dream/reviews', '/brain/dream/retired-notes'])
      assert.equal((await call(app, member, 'GET', path)).status, 403, path);
    await page.context().close();
  });
});
