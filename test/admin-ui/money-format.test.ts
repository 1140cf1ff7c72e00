// Money for people, in the admin UI and in the finance plugin's own words: amounts as written, zero never "-€0.00".
import assert from 'node:assert/strict';
import { formatMinor } from '../../admin-ui/src/data/finance.ts';
import { formatMoney } from '../../plugins/finance/money.ts';

describe('money formatting (admin UI and finance plugin)', () => {
  const spentOf = (activity: number) => -activity; // how a summary turns activity into "spent"

  it('writes nothing spent as a plain zero, whichever way the zero was reached', () => {
    for (const zero of [0, -0, spentOf(0), -0 * 100]) {
      assert.equal(formatMinor(zero, 'EUR', 'en'), '€0.00');
      assert.equal(formatMoney(zero, 'EUR'), '€0.00');
      assert.equal(formatMoney(zero, 'JPY'), '¥0');
    }
  });

  it('keeps real amounts and their sign', () => {
    assert.equal(formatMinor(-1250, 'EUR', 'en'), '-€12.50');
    assert.equal(formatMinor(4500, 'EUR', 'en'), '€45.00');
    assert.equal(formatMoney(-1, 'EUR'), '-€0.01');
    assert.equal(formatMoney(120000, 'JPY'), '¥120,000');
    assert.match(formatMinor(-1, 'EUR', 'de'), /^[-−]0,01\s€$/);
  });
});
