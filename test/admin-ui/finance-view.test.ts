// The admin UI's finance view in a real Chromium: the month-to-date chart from fixed data, recent rows, roles.
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FinanceService } from '../../plugins/finance/finance-service.ts';
import { monthOf } from '../../plugins/finance/local-date.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { deepText } from './deep-text.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const shown = (l: Locator) => l.first().waitFor({ state: 'visible' });

describe('admin UI finance view in Chromium', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let browser: Browser;
  const problems: string[] = [];

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    const settings = {
      timezone: 'UTC',
      budgets: [
        { id: 'household', name: 'Household' },
        { id: 'rental', name: 'Rental' },
      ],
    };
    app = await bootApp({ config: { plugins: { finance: { settings } } } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    // only the household budget is shared with Max: through Home, which the owner gave him (the rental one is bound
    // to no workspace)
    await app.quorra.workspaces.create({ name: 'Home', services: ['general', 'finance'] }, owner.id);
    await app.quorra.workspaces.grant('home', member.id, owner.id);
    const service = (app.quorra.plugins.api('finance') as { service: FinanceService }).service;
    const b = await service.budgets.backend('household');
    const today = await service.today();
    const month = monthOf(today);
    const acc = (await b.accounts())[0];
    const cat = new Map((await b.categories()).map((c) => [c.name, c.id]));
    await b.setBudget(month, cat.get('Groceries')!, 30000);
    await b.setBudget(month, cat.get('Eating out')!, 10000);
    // budgeted, nothing spent: its "spent" is a negated zero, which must read €0.00
    await b.setBudget(month, cat.get('Phone & internet')!, 4000);
    const day = `${month}-01`;
    await b.logTransaction({
      accountId: acc.id,
      date: day,
      amount: -4500,
      payee: 'Lidl',
      categoryId: cat.get('Groceries')!,
      reviewed: true,
    });
    await b.logTransaction({
      accountId: acc.id,
      date: day,
      amount: -12000,
      payee: 'Trattoria',
      categoryId: cat.get('Eating out')!,
      reviewed: false,
    });
    await b.logTransaction({
      accountId: acc.id,
      date: day,
      amount: -380,
      payee: 'Corner Coffee',
      reviewed: false,
    });
    const rental = await service.budgets.backend('rental');
    await rental.logTransaction({
      accountId: (await rental.accounts())[0].id,
      date: day,
      amount: -8000,
      payee: 'Cleaner',
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
  });

  async function openFinance(token: string, viewport?: { width: number; height: number }): Promise<Page> {
    const p = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
    p.setDefaultTimeout(10_000);
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    await p.goto(`${app.url}/admin/`);
    await p.getByText('Use an API token instead').click();
    await p.getByLabel('API token').fill(token);
    await p.getByRole('button', { name: 'Sign in with token' }).click();
    await p.getByTestId('signed-in-as').waitFor();
    await p.goto(`${app.url}/admin/#/finance`);
    return p;
  }

  it('draws month-to-date spending against budget per category, with overspending marked', async () => {
    const page = await openFinance(owner.token);
    const chart = page.getByTestId('finance-chart');
    await shown(chart);
    const label = (await chart.getAttribute('aria-label')) ?? '';
    assert.match(label, /Groceries: €45\.00 of €300\.00/);
    assert.match(label, /Eating out: €120\.00 of €100\.00/);
    const bars = page.locator('finance-view .chart [data-category]');
    assert.deepEqual(
      (await bars.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-category')))).sort(),
      ['Eating out', 'Groceries', 'Phone & internet'],
    );
    const width = (name: string, cls: string) =>
      page
        .locator(`finance-view .chart [data-category="${name}"] .${cls}`)
        .evaluate((r) => r.getBoundingClientRect().width);
    // the overspent category's bar is the longest; groceries is 45/120 of it
    assert.ok((await width('Eating out', 'spent')) > (await width('Groceries', 'spent')));
    assert.ok(
      Math.abs((await width('Groceries', 'spent')) / (await width('Eating out', 'spent')) - 45 / 120) < 0.01,
    );
    assert.equal(
      await page.locator('finance-view .chart [data-category="Eating out"] .spent.over').count(),
      1,
    );
    // the table under the chart says the same in rows
    const table = page.getByRole('table', { name: 'Budget by category' });
    await shown(table.locator('tr[data-category="Groceries"]').getByText('€45.00'));
    await shown(table.locator('tr[data-category="Phone & internet"]').getByText('€40.00').first());
    const text = await deepText(page.locator('finance-view'));
    assert.ok(text.includes('€0.00 of €40.00'), 'the deep text is read');
    assert.ok(!/[-−]\s?€\s?0[.,]00/.test(text), 'no negative zero on the page');
    assert.match(label, /Phone & internet: €0\.00 of €40\.00/);
    assert.equal(await page.getByTestId('unreviewed').textContent(), '2');
    const rows = page.getByRole('table', { name: 'Recent transactions' }).locator('tbody tr');
    assert.equal(await rows.count(), 3);
    await shown(rows.filter({ hasText: 'Corner Coffee' }).getByText('uncategorised'));
    // the owner can switch to the rental budget
    await page.getByTestId('budget-select').selectOption('rental');
    await shown(page.getByRole('table', { name: 'Recent transactions' }).getByText('Cleaner'));
    assert.deepEqual(problems, []);
  });

  it('labels every category and amount legibly at 390 px: each label inside the screen and at least 11 px tall', async () => {
    const page = await openFinance(owner.token, { width: 390, height: 844 });
    await shown(page.getByTestId('finance-chart'));
    const boxes = await page
      .locator('finance-view .chart [data-field="label"]')
      .evaluateAll((els) =>
        els.map((e) => ({ text: e.textContent ?? '', ...e.getBoundingClientRect().toJSON() })),
      );
    assert.equal(boxes.length, 6, 'a category and an amount label per line');
    for (const b of boxes) {
      assert.ok(b.left >= 0 && b.right <= 390, `${b.text} fits across (${b.left}..${b.right})`);
      assert.ok(b.height >= 11, `${b.text} is ${b.height} px tall`);
    }
    assert.ok(boxes.some((b) => b.text.includes('€120.00 of €100.00')));
    await page.screenshot({ path: 'test-output/admin-ui/finance-chart-390.png', fullPage: true });
  });

  it('shows a member only the budgets their bindings allow', async () => {
    const page = await openFinance(member.token);
    await shown(page.getByTestId('finance-chart'));
    assert.equal(await page.getByTestId('budget-select').count(), 0, 'one budget, no choice');
    assert.equal(await page.getByText('Cleaner').count(), 0);
    const refused = await call(app, member, 'GET', '/plugins/finance/summary?budget=rental');
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, 'FINANCE_NOT_ALLOWED');
    assert.deepEqual(problems, []);
  });
});
