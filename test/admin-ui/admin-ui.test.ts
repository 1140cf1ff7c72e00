// The admin UI in a real Chromium against the real app: sign-in, health, plugins, memory, approvals, Dream, roles.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { fixtureEvents } from '../fixtures/plugins/fixture-events.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, chat, eventually, type TestUser } from '../support/household.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const fixtures = fileURLToPath(new URL('../fixtures/plugins', import.meta.url));
const enginePlugins = fileURLToPath(new URL('../fixtures/engine-plugins', import.meta.url));
const TOKEN_KEY = 'quorra.admin.token';

/** Waits (Playwright's own waiting, no sleeps) until the locator is visible. */
const shown = (l: Locator) => l.first().waitFor({ state: 'visible' });
/** Waits until nothing matches the locator any more. */
const gone = (l: Locator) => l.waitFor({ state: 'detached' });

describe('admin UI in Chromium', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  let dreamTested = 'not reached';

  const memories = async (archived = 'include') =>
    (await call(app, owner, 'GET', `/owner/memories?archived=${archived}`)).json.memories as any[];
  const pluginState = async (id: string) =>
    ((await call(app, owner, 'GET', '/admin/plugins')).json.plugins as any[]).find((p) => p.id === id).state;

  async function openPage(context: BrowserContext): Promise<Page> {
    const p = await context.newPage();
    p.setDefaultTimeout(10_000);
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    return p;
  }

  async function signIn(p: Page, token: string) {
    await p.goto(`${app.url}/admin/`);
    await p.getByText('Use an API token instead').click();
    await p.getByLabel('API token').fill(token);
    await p.getByRole('button', { name: 'Sign in with token' }).click();
  }

  async function go(p: Page, route: string) {
    await p.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: route }).click();
  }

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [fixtures, enginePlugins] });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    const seed = [
      ['/memory', { content: 'The boiler service is due in March', importance: 'core', tags: ['house'] }],
      ['/memory', { content: 'Max does not like mushrooms', importance: 'contextual', tags: [] }],
      // symbols only and no tag: no search term at all, so no recall can reach it
      ['/memory', { content: '🍄 ❌ 🍄', importance: 'contextual', tags: [] }],
      ['/household/memory', { content: 'Bins go out on Tuesday evening', tags: ['chores'] }],
    ] as const;
    for (const [path, body] of seed) assert.equal((await call(app, owner, 'POST', path, body)).status, 201);
    model.next({ toolCalls: [{ name: 'test_delete_thing', arguments: { name: 'attic' } }] });
    await chat(app, owner, { message: 'delete the attic', scope: ['general'] });
    browser = await launchChromium();
    ownerContext = await browser.newContext();
    page = await openPage(ownerContext);
  });
  after(async () => {
    console.log(`      (Dream view tested against: ${dreamTested})`);
    await browser?.close();
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('refuses a bad token with a clear message and keeps nothing', async () => {
    await signIn(page, 'not-a-real-token');
    await shown(page.getByRole('alert').filter({ hasText: 'did not accept the token (401)' }));
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), TOKEN_KEY), null);
    assert.equal(await page.getByRole('navigation', { name: 'Sections' }).count(), 0);
  });

  it('signs the owner in, keeps the token for the tab and shows the health overview', async () => {
    await signIn(page, owner.token);
    await shown(page.getByText('Signed in as owner'));
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), TOKEN_KEY), owner.token);
    await page.reload();
    await shown(page.getByText('Signed in as owner'));
    const db = page.locator('section[data-check="db"]');
    await shown(db.locator('status-badge[state="ok"]'));
    // the file path and the model's address are Technical details, not everyday words
    assert.equal(await page.locator('section[data-check]').filter({ hasText: app.dataDir }).count(), 0);
    assert.equal(await page.locator('section[data-check]').filter({ hasText: 'http://' }).count(), 0);
    await page.getByText('Technical details').click();
    const technical = page.locator('[data-testid="technical"] dl[data-technical="db"]');
    await shown(technical.getByText('Database file'));
    await shown(technical.getByText(app.dataDir, { exact: false }));
    await shown(page.locator('[data-testid="technical"] dl[data-technical="model"]').getByText('Model URL'));
    await shown(page.locator('section[data-check="matrix"]').getByText('MATRIX_HOMESERVER_URL'));
    const thrower = page.locator('overview-view tr[data-plugin="thrower"]');
    await shown(thrower.getByText('QUORRA_PLUGIN_ACTIVATE_FAILED'));
    await shown(thrower.getByText('cannot reach the frobnicator'));
    const job = (await call(app, owner, 'GET', '/health/details')).json.checks.scheduler.jobs.find(
      (j: any) => j.name === 'echo.yearly',
    );
    const expected = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      job.nextRunAt,
    );
    const nextRun = page.locator('overview-view tr[data-job="echo.yearly"] td[data-field="next-run"]');
    assert.equal(await nextRun.getAttribute('title'), expected, 'the exact time on hover');
    assert.match((await nextRun.textContent())!, /^(in |next |tomorrow)/, 'said relative to now');
    // a job says what it does; its name is there on hover
    const nightly = page.locator('overview-view tr[data-job="memory.nightly"] td[data-field="job"]');
    assert.equal(
      (await nightly.textContent())!.replace(/\s+/g, ' ').trim(),
      'Puts away memories past their date and clears out the old archive (Quorra)',
    );
    assert.equal(await nightly.getAttribute('title'), 'memory.nightly');
  });

  it('switches a plugin off and on, and shows a refusal inline', async () => {
    await go(page, 'Plugins');
    // settings to fix for a plugin that failed on them; none for one that never loaded
    await shown(page.getByRole('button', { name: 'Settings for bad-settings' }));
    assert.equal(await page.getByRole('button', { name: 'Settings for wrong-id' }).count(), 0);
    const row = page.locator('plugins-view tr[data-plugin="uses-echo"]');
    // what a plugin needs says so in words (a phone shows no column headers); one needing nothing shows no dash
    assert.equal((await row.locator('td[data-field="needs"]').textContent())!.trim(), 'Uses echo');
    assert.equal(
      (await page
        .locator('plugins-view tr[data-plugin="echo"] td[data-field="needs"]')
        .textContent())!.trim(),
      '',
    );
    await row.getByRole('button', { name: 'Disable uses-echo' }).click();
    await shown(row.locator('status-badge[state="disabled"]'));
    assert.equal(await pluginState('uses-echo'), 'disabled');
    await row.getByRole('button', { name: 'Enable uses-echo' }).click();
    await shown(row.locator('status-badge[state="active"]'));
    assert.equal(await pluginState('uses-echo'), 'active');

    const echo = page.locator('plugins-view tr[data-plugin="echo"]');
    await echo.getByRole('button', { name: 'Disable echo' }).click();
    await shown(echo.getByRole('alert').filter({ hasText: 'needed by uses-echo' }));
    await shown(echo.getByText('QUORRA_PLUGIN_HAS_DEPENDENTS'));
    assert.equal(await pluginState('echo'), 'active');
  });

  it('flags only a memory no recall can reach as unreachable, with its reason (an untagged one with words is found)', async () => {
    await go(page, 'Memory');
    const symbols = page.locator('memory-card', { hasText: '🍄 ❌ 🍄' });
    await shown(symbols.getByText('Unreachable by recall.'));
    await shown(symbols.getByText('no word or tag that a search could match'));
    const untagged = page.locator('memory-card', { hasText: 'Max does not like mushrooms' });
    await shown(untagged.getByText('You told Quorra'));
    assert.equal(await untagged.getByText('Unreachable by recall.').count(), 0);
    await shown(untagged.getByText('Looked up when the topic comes up'));
    const core = page.locator('memory-card', { hasText: 'The boiler service is due in March' });
    await shown(core.getByText('In every conversation'));
    await shown(core.locator('.tag', { hasText: 'house' }));
    assert.equal(await core.getByText('Unreachable by recall.').count(), 0);
  });

  it('archives, restores and (after confirming) permanently deletes a memory', async () => {
    const id = (await memories()).find((m) => m.content.startsWith('Bins go out')).id;
    const card = page.locator(`memory-card article[data-memory-id="${id}"]`);
    await shown(card.getByText('Shared with the household'));

    await card.getByRole('button', { name: 'Archive' }).click();
    await gone(card);
    assert.ok((await memories('only')).some((m) => m.id === id));

    await page.getByLabel('Archived').selectOption('only');
    await card.getByRole('button', { name: 'Restore' }).click();
    await gone(card);
    assert.equal((await memories('exclude')).find((m) => m.id === id)?.archived_at, null);

    await page.getByLabel('Archived').selectOption('exclude');
    await card.getByRole('button', { name: 'Delete permanently…' }).click();
    await shown(card.getByRole('group', { name: 'Confirm permanent delete' }));
    assert.ok(
      (await memories()).some((m) => m.id === id),
      'nothing is deleted before the confirmation',
    );
    await card.getByRole('button', { name: 'Cancel' }).click();
    await gone(card.getByRole('group', { name: 'Confirm permanent delete' }));
    await card.getByRole('button', { name: 'Delete permanently…' }).click();
    await card.getByRole('button', { name: 'Yes, delete for good' }).click();
    await gone(card);
    assert.ok(!(await memories()).some((m) => m.id === id));
  });

  it('filters memories by importance', async () => {
    await page.getByLabel('Importance').selectOption('core');
    await gone(page.locator('memory-card', { hasText: 'Max does not like mushrooms' }));
    await shown(page.locator('memory-card', { hasText: 'The boiler service is due in March' }));
    await page.getByLabel('Importance').selectOption('');
    await shown(page.locator('memory-card', { hasText: 'Max does not like mushrooms' }));
  });

  it('confirms and cancels tier-2 actions with buttons, exactly once, as chat would', async () => {
    model.next({ toolCalls: [{ name: 'test_delete_thing', arguments: { name: 'cellar' } }] });
    await chat(app, owner, { message: 'delete the cellar', scope: ['general'] });
    const pending = (await call(app, owner, 'GET', '/confirmations')).json.pending as any[];
    const attic = pending.find((p) => p.description.includes('attic'));
    const cellar = pending.find((p) => p.description.includes('cellar'));
    await go(page, 'Approvals');
    const list = page.getByRole('list', { name: 'Pending approvals' });
    await shown(list.getByText('delete the thing called attic'));
    const from = fixtureEvents.length;
    await list.getByRole('button', { name: 'Confirm: delete the thing called attic' }).click();
    await gone(page.locator(`li[data-approval="${attic.id}"]`));
    assert.deepEqual(fixtureEvents.slice(from), ['delete:attic']);
    // the same answer again, as a second click or a chat "yes" would send it: refused, nothing runs twice
    const again = await call(app, owner, 'POST', '/chat', {
      session_id: attic.session_id,
      confirmation_id: attic.id,
      message: 'yes',
    });
    assert.equal(again.status, 409);
    await list.getByRole('button', { name: 'Cancel: delete the thing called cellar' }).click();
    await gone(page.locator(`li[data-approval="${cellar.id}"]`));
    assert.deepEqual(fixtureEvents.slice(from), ['delete:attic'], 'cancelled: nothing ran');
    await shown(page.getByText('Nothing is waiting for your approval.'));
  });

  it('shows how to answer a plugin approval that offers no buttons', async () => {
    const source = app.quorra.registries.approvals.add({
      name: 'test-drafts',
      pending: (u) =>
        u.role === 'owner'
          ? [
              {
                description: 'reply to Anna: “Towels are in the hall closet”',
                hint: '!quorra chores done 7',
              },
              // a guest's right-to-left override must not reverse the command typed after it
              { description: 'reply to \u202EMallory: “free upgrade”', hint: '!quorra chores done 8' },
            ]
          : [],
    });
    try {
      await page.reload();
      await go(page, 'Approvals');
      const other = page.getByRole('list', { name: 'Other approvals' });
      await shown(other.getByText('reply to Anna: “Towels are in the hall closet”'));
      await shown(other.getByText('!quorra chores done 7'));
      const row = other.locator('li', { hasText: 'done 8' });
      const text = await row.locator('bdi[data-field="description"]').boundingBox();
      const hint = await row.locator('code').boundingBox();
      assert.ok(
        text && hint && hint.y >= text.y + text.height - 1,
        'the hint sits after the isolated description',
      );
      assert.equal(await row.locator('code').textContent(), '!quorra chores done 8');
      assert.equal(await row.locator('bdi').evaluate((el) => getComputedStyle(el).unicodeBidi), 'isolate');
    } finally {
      await source.dispose();
    }
  });

  it('shows Dream’s real status: a timeline of real runs when the server has Dream, else the fallback', async () => {
    const probe = await call(app, owner, 'GET', '/brain/dream/status');
    if (probe.status === 404) {
      dreamTested = 'fallback (GET /brain/dream/status answered 404)';
      await go(page, 'Dream');
      await shown(page.getByTestId('dream-unavailable').getByText('Dream is not available on this server'));
      assert.equal(await page.getByRole('alert').count(), 0);
      return;
    }
    dreamTested = 'timeline of a real run (GET /brain/dream/status answered 200)';
    assert.equal(probe.status, 200);
    // a real run over the owner's notes, started and observed through Dream's own HTTP API
    const on = await call(app, owner, 'PUT', '/brain/dream/settings/personal', {
      allow_llm_text: true,
      enrolled: true,
    });
    assert.equal(on.status, 200);
    assert.equal((await call(app, owner, 'POST', '/brain/dream/run')).status, 202);
    let status: any;
    await eventually(async () => {
      status = (await call(app, owner, 'GET', '/brain/dream/status')).json;
      return !status.running && status.recent_runs.length > 0;
    }, 15_000);
    await go(page, 'Dream');
    await shown(page.getByTestId('dream-summary').locator('status-badge[state="active"]'));
    for (const r of status.recent_runs) {
      const run = page.locator(`dream-view li[data-run="${r.id}"]`);
      await shown(run.locator(`status-badge[state="${r.status}"]`));
      assert.equal(await run.locator('dd[data-count="notesRead"]').textContent(), String(r.notes_read));
      assert.equal(
        await run.locator('dd[data-count="beliefsWritten"]').textContent(),
        String(r.beliefs_written),
      );
      assert.equal(await run.locator('dd[data-count="errors"]').textContent(), String(r.note_failures));
    }
    const slice = status.slices[0];
    const label = [slice.workspace, slice.visibility, slice.owner_user_id].filter(Boolean).join(' · ');
    await shown(
      page
        .locator(`dream-view tr[data-slice="${label}"]`)
        .getByText(`${slice.notes_consumed} of ${slice.notes_total}`),
    );
  });

  it('says Dream is not available, without failing, when the status endpoint answers 404', async () => {
    const p = await openPage(ownerContext);
    await p.route('**/brain/dream/status', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'NOT_FOUND', message: 'no route for GET /brain/dream/status' },
        }),
      }),
    );
    await signIn(p, owner.token);
    await go(p, 'Dream');
    await shown(p.getByTestId('dream-unavailable').getByText('Dream is not available on this server'));
    assert.equal(await p.getByRole('alert').count(), 0);
    await p.close();
  });

  it('renders a Dream timeline with counts, slice progress and the run report', async () => {
    const p = await openPage(ownerContext);
    await signIn(p, owner.token);
    await shown(p.getByText('Signed in as owner'));
    await p.route('**/brain/dream/status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(dreamFixture) }),
    );
    await p.route('**/brain/dream/runs/7/report', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/markdown',
        body: '# Dream run 7\n\n3 beliefs written.',
      }),
    );
    await go(p, 'Dream');
    const run = p.locator('dream-view li[data-run="7"]');
    await shown(run.getByText('personal · private · olivia'));
    await shown(run.locator('status-badge[state="ok"]'));
    const counts = await run
      .locator('dd')
      .evaluateAll((dds) =>
        Object.fromEntries(dds.map((d) => [d.getAttribute('data-count'), d.textContent])),
      );
    assert.deepEqual(counts, {
      notesRead: '12',
      beliefsWritten: '3',
      corroborated: '2',
      deduped: '4',
      dropped: '6',
      retired: '1',
      errors: '2',
    });
    await shown(p.locator('dream-view li[data-run="6"]').getByText('model endpoint unreachable'));
    const slice = p.locator('dream-view tr[data-slice="personal · private · olivia"]');
    await shown(slice.getByText('12 of 15'));
    assert.equal(
      await slice.locator('progress').getAttribute('aria-label'),
      'personal · private · olivia: 12 of 15 notes read',
    );
    await run.getByRole('button', { name: 'Show report' }).click();
    await shown(run.getByText('3 beliefs written.'));
    await p.close();
  });

  it('shows the audit log with names instead of ids, filtered on the server', async () => {
    await go(page, 'Audit log');
    const newest = (await call(app, owner, 'GET', '/admin/audit?limit=1')).json.entries[0];
    const row = page.locator(`audit-view tr[data-audit="${newest.id}"]`);
    await shown(row.getByText(newest.tool));
    await shown(row.getByText('Olivia'));
    await page.getByLabel('Action').selectOption('admin_set_plugin');
    // the other actions' rows leave once the server's filtered page arrives
    await gone(page.locator('audit-view tbody tr').filter({ hasNotText: 'admin_set_plugin' }).first());
    const tools = await page.locator('audit-view tbody tr td:nth-child(3)').allTextContents();
    assert.ok(tools.length >= 2, 'the plugin switches made earlier in this suite');
    assert.ok(
      tools.every((t) => t === 'admin_set_plugin'),
      tools.join(', '),
    );
  });

  it('tells a member the owner views are for the owner only', async () => {
    const context = await browser.newContext();
    const p = await openPage(context);
    await signIn(p, member.token);
    await shown(p.getByText('Signed in as member'));
    // a member lands on their own day; the overview shows the public overall state, the details are the owner's
    await shown(p.getByRole('heading', { name: 'My day' }).or(p.getByRole('heading', { name: /’s day$/ })));
    await go(p, 'Overview');
    await shown(p.locator('[data-testid="overall"] status-badge'));
    await shown(p.getByRole('alert').filter({ hasText: 'Owner only.' }));
    assert.equal(await p.locator('section[data-check="db"]').count(), 0);
    const links = await p.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents();
    for (const view of ['people', 'plugins', 'audit']) {
      assert.ok(
        !links.some((l) => l.toLowerCase().startsWith(view)),
        `no ${view} link for a member: ${links}`,
      );
      await p.goto(`${app.url}/admin/#/${view}`);
      await shown(p.getByRole('alert').filter({ hasText: 'Owner only.' }));
    }
    const dream = await call(app, member, 'GET', '/brain/dream/status');
    await p.goto(`${app.url}/admin/#/dream`);
    await shown(
      dream.status === 404
        ? p.getByText('Dream is not available on this server')
        : p.getByRole('alert').filter({ hasText: 'Owner only.' }),
    );
    await go(p, 'Approvals');
    await shown(p.getByText('Nothing is waiting for your approval.'));
    await p.getByRole('button', { name: 'Sign out' }).click();
    await shown(p.getByLabel('Your Matrix ID'));
    assert.equal(await p.evaluate((k) => sessionStorage.getItem(k), TOKEN_KEY), null);
    await context.close();
  });

  it('returns to sign-in with a clear message when the token stops working mid-session', async () => {
    const context = await browser.newContext();
    const p = await openPage(context);
    await signIn(p, owner.token);
    await shown(p.getByText('Signed in as owner'));
    // as if the token had been revoked: Quorra now answers 401 to it
    await p.route('**/approvals', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'missing or unknown credentials' } }),
      }),
    );
    await go(p, 'Approvals');
    await shown(p.getByLabel('Your Matrix ID'));
    await shown(p.getByRole('alert').filter({ hasText: 'did not accept the token (401)' }));
    assert.equal(await p.evaluate((k) => sessionStorage.getItem(k), TOKEN_KEY), null);
    await context.close();
  });

  it('raised no script errors and no Content-Security-Policy violations', () => {
    assert.deepEqual(problems, []);
  });
});

// A status answer in the shape GET /brain/dream/status gives (core/dream/dream-status.ts), for the timeline test.
const dreamFixture = {
  enabled: true,
  running: false,
  schedule: { cron: '0 3 * * *', next_run_at: '2030-01-02T03:00:00.000Z' },
  slices: [
    {
      key: '["private",null,"olivia"]',
      workspace: 'personal',
      visibility: 'private',
      owner_user_id: 'olivia',
      cursor: { seq: 40, last_occurred_at: null, last_note_id: 40, updated_at: '2030-01-01T03:00:05.000Z' },
      notes_total: 15,
      notes_consumed: 12,
      notes_pending: 3,
      retry_queue: 1,
    },
  ],
  recent_runs: [
    {
      id: 7,
      slice: { workspace: 'personal', visibility: 'private', owner_user_id: 'olivia' },
      cause: 'scheduled',
      status: 'ok',
      started_at: '2030-01-01T03:00:00.000Z',
      finished_at: '2030-01-01T03:00:05.000Z',
      notes_read: 12,
      beliefs_written: 3,
      corroborated: 2,
      deduped: 4,
      dropped_no_quote: 3,
      dropped_echo: 2,
      claims_invalid: 1,
      note_failures: 2,
      notes_retired: 1,
      error: null,
    },
    {
      id: 6,
      slice: { workspace: 'personal', visibility: 'shared', owner_user_id: null },
      cause: 'manual',
      status: 'error',
      started_at: '2029-12-31T03:00:00.000Z',
      finished_at: '2029-12-31T03:00:01.000Z',
      notes_read: 0,
      beliefs_written: 0,
      error: 'model endpoint unreachable',
    },
  ],
  retired_notes: [],
  reviews: [],
};
