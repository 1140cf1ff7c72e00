// Each finance mode's entry context, computed before the first turn from fixed data.
import assert from 'node:assert/strict';
import { budgetContext } from '../../../plugins/finance/modes/budget-context.ts';
import { reconcileContext } from '../../../plugins/finance/modes/reconcile-context.ts';
import { reviewContext } from '../../../plugins/finance/modes/review-context.ts';
import { SeenTransactions } from '../../../plugins/finance/seen-transactions.ts';
import { seedHousehold, TODAY } from './finance-fixture.ts';
import { type BackendUnderTest, makeLedger } from './finance-test-kit.ts';

describe('finance mode entry contexts', () => {
  let sut: BackendUnderTest;
  let ids: Awaited<ReturnType<typeof seedHousehold>>;
  before(async () => {
    sut = await makeLedger();
    ids = await seedHousehold(sut.backend);
  });
  after(() => sut.dispose());

  it('budget: the last three months by category against budget, this month so far, and a proposal', async () => {
    const text = await budgetContext(sut.backend, TODAY);
    assert.match(text, /months 2026-08 to 2026-10, then 2026-11 so far/);
    assert.match(
      text,
      /- Groceries: €300\.00\/€300\.00, €300\.00\/€300\.00, €450\.00\/€300\.00 \| €12\.50 of €300\.00 \| propose €350\.00/,
    );
    assert.match(
      text,
      /- Eating out: €100\.00\/€100\.00, €100\.00\/€100\.00, €120\.00\/€100\.00 \| €9\.00 of €100\.00 \| propose €110\.00/,
    );
    assert.match(text, /Next month is 2026-12/);
  });

  it('reconcile: unreviewed and uncategorised transactions, oldest first, with their ids', async () => {
    const seen = new SeenTransactions();
    const text = await reconcileContext(sut.backend, TODAY, seen);
    // what the context listed can be named in a deletion's confirmation
    assert.deepEqual(seen.get(ids.coffee.id), {
      amount: -380,
      currency: 'EUR',
      payee: 'Corner Coffee',
      date: '2026-11-04',
    });
    const lines = text.split('\n').filter((l) => l.startsWith('- ['));
    assert.match(text, /To reconcile: 5 transaction\(s\)/);
    assert.match(lines[0], /2026-11-02 -€4\.50 Bakery — Eating out, unreviewed/);
    assert.ok(
      lines.some((l) =>
        l.includes(`[${ids.coffee.id}] 2026-11-04 -€3.80 Corner Coffee — uncategorised, unreviewed`),
      ),
    );
    assert.ok(lines.some((l) => /2026-09-15 -€12\.99 StreamFlix — uncategorised$/.test(l)));
    assert.match(text, /Categories: Eating out, Fitness, Groceries/);
  });

  it('review: a category up more than 30% on its 3-month average, a new recurring payee, duplicates', async () => {
    const text = await reviewContext(sut.backend, TODAY);
    const section = (title: string) => text.split(`### ${title}`)[1].split('###')[0];
    assert.match(section('Categories up'), /- Groceries: €450\.00 vs €300\.00 average \(\+50%\)/);
    assert.doesNotMatch(section('Categories up'), /Eating out/); // +20% is not an anomaly
    assert.match(section('New recurring payees'), /- StreamFlix: about €12\.99 in 2026-09, 2026-10/);
    assert.doesNotMatch(section('New recurring payees'), /Gym|Lidl/);
    assert.match(section('Possible duplicates'), /- Bakery -€4\.50 on 2026-11-02 \[.+\] and 2026-11-02/);
  });
});
