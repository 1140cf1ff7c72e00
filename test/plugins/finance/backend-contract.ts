// The finance capability contract: one suite every backend (embedded ledger, Actual Budget) must pass.
import assert from 'node:assert/strict';
import type { BackendUnderTest } from './finance-test-kit.ts';
import { seedBasics } from './finance-test-kit.ts';

/** Registers the contract tests against a backend made fresh for each test. */
export function backendContract(name: string, make: () => Promise<BackendUnderTest>) {
  describe(`finance capability contract: ${name}`, function () {
    this.timeout(60_000);
    let sut: BackendUnderTest;
    beforeEach(async () => {
      sut = await make();
    });
    afterEach(async () => {
      await sut.dispose();
    });

    it('keeps accounts, category groups and categories', async () => {
      const { checking, groceries } = await seedBasics(sut.backend);
      const accounts = await sut.backend.accounts();
      assert.deepEqual(accounts, [{ id: checking.id, name: 'Checking', currency: 'EUR', offBudget: false }]);
      const cats = await sut.backend.categories();
      const g = cats.find((c) => c.id === groceries.id);
      assert.deepEqual(g, { id: groceries.id, name: 'Groceries', group: 'Everyday', isIncome: false });
      assert.ok(cats.some((c) => c.name === 'Rent' && c.group === 'Bills'));
    });

    it('logs a transaction in minor units on a local date and remembers the payee', async () => {
      const { checking, groceries } = await seedBasics(sut.backend);
      const t = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-03',
        amount: -1250,
        payee: 'Lidl',
        categoryId: groceries.id,
        reviewed: true,
      });
      assert.equal(t.amount, -1250);
      assert.equal(t.date, '2026-11-03');
      assert.equal(t.currency, 'EUR');
      assert.equal(t.payee, 'Lidl');
      assert.equal(t.categoryId, groceries.id);
      assert.equal(t.reviewed, true);
      assert.equal(t.importKey, null);
      assert.ok((await sut.backend.payees()).includes('Lidl'));
      assert.deepEqual(await sut.backend.transaction(t.id), t);
    });

    it('stores splits whose parts add up, and refuses parts that do not', async () => {
      const { checking, groceries, eatingOut } = await seedBasics(sut.backend);
      const t = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-04',
        amount: -5000,
        payee: 'Market',
        splits: [
          { categoryId: groceries.id, amount: -3500 },
          { categoryId: eatingOut.id, amount: -1500 },
        ],
      });
      assert.deepEqual(
        t.splits.map((s) => [s.categoryId, s.amount]),
        [
          [groceries.id, -3500],
          [eatingOut.id, -1500],
        ],
      );
      await assert.rejects(
        sut.backend.logTransaction({
          accountId: checking.id,
          date: '2026-11-04',
          amount: -5000,
          payee: 'Market',
          splits: [
            { categoryId: groceries.id, amount: -3000 },
            { categoryId: eatingOut.id, amount: -1500 },
          ],
        }),
        { code: 'FINANCE_BAD_SPLIT' },
      );
      assert.equal((await sut.backend.transactions({ from: '2026-11-01', to: '2026-11-30' })).length, 1);
      const month = await sut.backend.budgetMonth('2026-11');
      assert.equal(month.lines.find((l) => l.categoryId === eatingOut.id)?.activity, -1500);
      assert.equal(month.lines.find((l) => l.categoryId === groceries.id)?.activity, -3500);
    });

    it('refuses an unknown category and a bad date, writing nothing', async () => {
      const { checking } = await seedBasics(sut.backend);
      await assert.rejects(
        sut.backend.logTransaction({
          accountId: checking.id,
          date: '2026-11-03',
          amount: -1,
          payee: 'X',
          categoryId: 'nope',
        }),
        { code: 'FINANCE_UNKNOWN_CATEGORY' },
      );
      await assert.rejects(
        sut.backend.logTransaction({ accountId: checking.id, date: '2026-02-30', amount: -1, payee: 'X' }),
        { code: 'FINANCE_BAD_DATE' },
      );
      assert.deepEqual(await sut.backend.transactions({ from: '2026-01-01', to: '2026-12-31' }), []);
    });

    it('filters by period, uncategorised and unreviewed; categorises and marks reviewed', async () => {
      const { checking, groceries } = await seedBasics(sut.backend);
      const a = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-10-30',
        amount: -900,
        payee: 'Bakery',
      });
      const b = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-02',
        amount: -2000,
        payee: 'Lidl',
        categoryId: groceries.id,
      });
      assert.deepEqual(
        (await sut.backend.transactions({ from: '2026-11-01', to: '2026-11-30' })).map((t) => t.id),
        [b.id],
      );
      assert.deepEqual(
        (await sut.backend.transactions({ from: '2026-10-01', to: '2026-11-30', uncategorised: true })).map(
          (t) => t.id,
        ),
        [a.id],
      );
      await sut.backend.categorize(a.id, groceries.id);
      await sut.backend.markReviewed([a.id]);
      const unreviewed = await sut.backend.transactions({
        from: '2026-10-01',
        to: '2026-11-30',
        unreviewed: true,
      });
      assert.deepEqual(
        unreviewed.map((t) => t.id),
        [b.id],
      );
      assert.equal((await sut.backend.transaction(a.id))?.categoryId, groceries.id);
    });

    it('deletes a transaction and says what it was', async () => {
      const { checking } = await seedBasics(sut.backend);
      const t = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-05',
        amount: -700,
        payee: 'Kiosk',
      });
      const gone = await sut.backend.deleteTransaction(t.id);
      assert.equal(gone?.amount, -700);
      assert.equal(gone?.payee, 'Kiosk');
      assert.equal(await sut.backend.transaction(t.id), null);
      assert.equal(await sut.backend.deleteTransaction(t.id), null);
    });

    it('keeps import keys per account for dedup', async () => {
      const { checking } = await seedBasics(sut.backend);
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-05',
        amount: -700,
        payee: 'Kiosk',
        importKey: 'k1',
      });
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-05',
        amount: -700,
        payee: 'Kiosk',
      });
      assert.deepEqual([...(await sut.backend.importKeys(checking.id))], ['k1']);
    });

    it('keeps a payee the import filled in marked until the row is reviewed', async () => {
      const { checking } = await seedBasics(sut.backend);
      const fee = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-30',
        amount: -690,
        payee: 'Bank fee',
        notes: 'Kontoführung',
        payeeToReview: true,
      });
      const kiosk = await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-30',
        amount: -100,
        payee: 'Kiosk',
      });
      assert.equal((await sut.backend.transaction(fee.id))?.payeeToReview, true);
      assert.equal((await sut.backend.transaction(kiosk.id))?.payeeToReview, false);
      await sut.backend.markReviewed([fee.id]);
      assert.equal((await sut.backend.transaction(fee.id))?.payeeToReview, false);
    });

    it('budgets monthly: what is left rolls over, overspending does not', async () => {
      const { checking, groceries, eatingOut } = await seedBasics(sut.backend);
      await sut.backend.setBudget('2026-09', groceries.id, 40000);
      await sut.backend.setBudget('2026-09', eatingOut.id, 5000);
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-09-10',
        amount: -30000,
        payee: 'Lidl',
        categoryId: groceries.id,
      });
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-09-12',
        amount: -8000,
        payee: 'Pizza',
        categoryId: eatingOut.id,
      });
      await sut.backend.setBudget('2026-10', groceries.id, 40000);
      await sut.backend.setBudget('2026-10', eatingOut.id, 5000);
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-10-10',
        amount: -45000,
        payee: 'Lidl',
        categoryId: groceries.id,
      });
      const sep = await sut.backend.budgetMonth('2026-09');
      const g9 = sep.lines.find((l) => l.categoryId === groceries.id);
      assert.deepEqual([g9?.budgeted, g9?.activity, g9?.available], [40000, -30000, 10000]);
      const oct = await sut.backend.budgetMonth('2026-10');
      const g10 = oct.lines.find((l) => l.categoryId === groceries.id);
      const e10 = oct.lines.find((l) => l.categoryId === eatingOut.id);
      assert.deepEqual([g10?.carriedIn, g10?.available], [10000, 5000]);
      assert.deepEqual([e10?.carriedIn, e10?.available], [0, 5000]);
      assert.equal(oct.currency, 'EUR');
    });
  });
}
