// The embedded ledger keeps each account's currency; a budget counts only its own currency; money parses per exponent.
import assert from 'node:assert/strict';
import { parseAmount } from '../../../plugins/finance/amount-text.ts';
import { formatMoney, toDecimal } from '../../../plugins/finance/money.ts';
import { makeLedger, seedBasics } from './finance-test-kit.ts';

describe('finance ledger currencies', () => {
  it('keeps a USD account beside EUR ones and leaves its spending out of the EUR budget', async () => {
    const sut = await makeLedger('EUR');
    try {
      const { checking, groceries } = await seedBasics(sut.backend);
      const usd = await sut.backend.createAccount({ name: 'US card', currency: 'USD' });
      await sut.backend.setBudget('2026-11', groceries.id, 30000);
      await sut.backend.logTransaction({
        accountId: checking.id,
        date: '2026-11-02',
        amount: -1000,
        payee: 'Lidl',
        categoryId: groceries.id,
      });
      const t = await sut.backend.logTransaction({
        accountId: usd.id,
        date: '2026-11-03',
        amount: -2500,
        payee: 'Whole Foods',
        categoryId: groceries.id,
      });
      assert.equal(t.currency, 'USD');
      const line = (await sut.backend.budgetMonth('2026-11')).lines.find(
        (l) => l.categoryId === groceries.id,
      );
      assert.equal(line?.activity, -1000);
      await assert.rejects(sut.backend.createAccount({ name: 'Bad', currency: 'XYZ' }), {
        code: 'FINANCE_BAD_CURRENCY',
      });
    } finally {
      await sut.dispose();
    }
  });

  it('parses amounts in each currency’s minor units', () => {
    assert.equal(parseAmount('12.50', 'EUR'), 1250);
    assert.equal(parseAmount('1.234,56', 'EUR', ','), 123456);
    assert.equal(parseAmount('(45.20)', 'USD'), -4520);
    assert.equal(parseAmount('€ -3,5', 'EUR', ','), -350);
    assert.equal(parseAmount('1200', 'JPY'), 1200);
    assert.equal(parseAmount('1.250', 'KWD'), 1250);
    assert.equal(parseAmount('12.50-', 'EUR'), -1250);
    assert.throws(() => parseAmount('12.505', 'EUR'), { code: 'FINANCE_BAD_AMOUNT' });
    assert.throws(() => parseAmount('abc', 'EUR'), { code: 'FINANCE_BAD_AMOUNT' });
    assert.equal(toDecimal(-1250, 'EUR'), '-12.50');
    assert.equal(toDecimal(5, 'EUR'), '0.05');
    assert.equal(formatMoney(1200, 'JPY'), '¥1,200');
  });
});
