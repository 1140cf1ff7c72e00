// The one amount reader: every form banks write (and each one's mirror image), the file's decimal mark, and refusals.
import assert from 'node:assert/strict';
import { parseAmount } from '../../../plugins/finance/amount-text.ts';
import { decimalMarkOf } from '../../../plugins/finance/decimal-mark.ts';

const NBSP = '\u00a0';
const THIN = '\u2009';
const NNBSP = '\u202f';

describe('finance amounts as banks write them', () => {
  // [text, decimal mark of the file, minor units]; each negative form next to its positive mirror image
  const forms: [string, '.' | ',', number][] = [
    ['-$1,234.56', '.', -123456],
    ['$1,234.56', '.', 123456],
    ['$-1,234.56', '.', -123456],
    ['($1,234.56)', '.', -123456],
    ['(1.234,56 €)', ',', -123456],
    ['1.234,56-', ',', -123456],
    ['1.234,56+', ',', 123456],
    ['-1.234,56', ',', -123456],
    ['+1.234,56', ',', 123456],
    ['1,234.56-', '.', -123456],
    ['- 12,00', ',', -1200],
    ['+ 12,00', ',', 1200],
    ['- 12.00', '.', -1200],
    ['−12.00', '.', -1200],
    ['−12,00', ',', -1200],
    ['12.00−', '.', -1200],
    ['12.00 DR', '.', -1200],
    ['12.00 CR', '.', 1200],
    ['12,00 Dr', ',', -1200],
    ['12,00 Cr', ',', 1200],
    ['12.00DR', '.', -1200],
    ['DR 12.00', '.', -1200],
    ['CHF -12.50', '.', -1250],
    ['CHF 12.50', '.', 1250],
    ['-12.50 CHF', '.', -1250],
    ['CHF 12.50-', '.', -1250],
    ['Fr. -12.50', '.', -1250],
    ["1'234.50", '.', 123450],
    ["-1'234.50", '.', -123450],
    [`1${NBSP}234,56`, ',', 123456],
    [`-1${NBSP}234,56`, ',', -123456],
    [`1${THIN}234.56`, '.', 123456],
    [`1${NNBSP}234,56${NBSP}€`, ',', 123456],
    [`-1${NNBSP}234,56${NBSP}€`, ',', -123456],
    ['12,00 €-', ',', -1200],
    ['€ -3,5', ',', -350],
    ['(45.20)', '.', -4520],
    ['45.20', '.', 4520],
    ['0.00', '.', 0],
    ['-0,00', ',', 0],
    ['.50', '.', 50],
    ['1234', '.', 123400],
    ['1.234.567,89', ',', 123456789],
    ['1,234,567.89', '.', 123456789],
  ];
  const currencyOf = (t: string) => (/CHF|Fr\./.test(t) ? 'CHF' : /\$/.test(t) ? 'USD' : 'EUR');
  for (const [text, decimal, minor] of forms)
    it(`reads ${JSON.stringify(text)} (${decimal === ',' ? 'decimal comma' : 'decimal point'}) as ${minor}`, () => {
      assert.equal(parseAmount(text, currencyOf(text), decimal), minor);
    });

  it('refuses texts that are not one amount, saying what was found', () => {
    for (const [text, why] of [
      ['abc', /"abc" is not an amount/],
      ['DR 12.50 CR', /DR or CR twice/],
      ['12.50 DRCR', /not an amount/],
      ['-12.50-', /more than one sign/],
      ['(-12.50)', /more than one sign/],
      ['-12.50 CR', /more than one sign/],
      ['12.505', /more decimals than EUR allows/],
      ['USD 12.50', /is in USD, the account in EUR/],
      ['12,3,4', /not an amount/],
      ['', /not an amount/],
    ] as const)
      assert.throws(() => parseAmount(text, 'EUR', '.'), { code: 'FINANCE_BAD_AMOUNT', message: why }, text);
    assert.throws(() => parseAmount('1.234,56', 'EUR', '.'), {
      message: '"1.234,56" has a decimal comma, the rest of the file a decimal point',
    });
  });

  it("decides the file's decimal mark from all of a column's values, not per row", () => {
    const at = (texts: string[]) => texts.map((text, i) => ({ text, line: i + 2, column: 'Betrag' }));
    assert.equal(decimalMarkOf(at(['-12,50', '3.000,00', '7']), 'EUR'), ',');
    assert.equal(decimalMarkOf(at(['-$1,234.56', '12.00 DR']), 'USD'), '.');
    // "1.234" alone could be either, but EUR has two decimals: it is thousands, so the mark is a comma
    assert.equal(decimalMarkOf(at(['1.234', '7']), 'EUR'), ',');
    assert.equal(decimalMarkOf(at(['1,234']), 'USD'), '.');
    assert.equal(decimalMarkOf(at(['12', '400', '']), 'EUR'), '.', 'whole numbers: nothing to decide');
    // each row alone would be read fine; together they contradict each other
    assert.throws(() => decimalMarkOf(at(['12,50', '7', '1,234.56']), 'EUR'), {
      code: 'FINANCE_AMBIGUOUS_DECIMAL',
      message:
        'the amounts disagree on the decimal mark: line 2, column "Betrag" has "12,50" (a decimal comma), ' +
        'line 4, column "Betrag" has "1,234.56" (a decimal point); say which the file uses with "decimal"',
    });
    // a three-decimal currency: "1,234" is 1.234 or 1234; only the person can say
    assert.throws(() => decimalMarkOf(at(['1,234']), 'KWD'), {
      code: 'FINANCE_AMBIGUOUS_DECIMAL',
      message: /line 2, column "Betrag" has "1,234": is that a decimal comma or a thousands separator/,
    });
    assert.equal(decimalMarkOf(at(['1,234', '2.500,125']), 'KWD'), ',', 'another row settles it');
  });
});
