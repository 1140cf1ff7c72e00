// The one reader of amounts as banks and people write them: signs before/after/around the currency, DR/CR, parentheses.
import { fail } from 'quorra/plugin';
import { exponentOf, isCurrency } from './money.ts';

export type DecimalMark = '.' | ',';

/** An amount taken apart: the sign and the bare number (`1.234,56`), before the decimal mark is applied. */
export interface AmountParts {
  negative: boolean;
  number: string;
  /** An ISO code written next to the amount (`CHF -12.50`), when there is one. */
  currency?: string;
}

// U+2212 minus, figure/en/em dashes, small and full-width hyphen-minus: all are a minus on some statement
const minusSigns = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g;
// ordinary, no-break, figure, thin and narrow no-break spaces, and the Swiss apostrophe, group digits by three;
// anywhere else between two digits they separate two numbers, which is not one amount
const groupingSpace = /(\d)[\s\u00a0\u2007\u2009\u202f'’](?=\d{3}(?!\d))/g;
const spaces = /[\s\u00a0\u2007\u2009\u202f]/g;
// words that stand next to an amount and are not a currency code: "Fr." (Swiss francs), "R" of R$, "kr"
const currencyWords = new Set(['FR', 'SFR', 'R', 'KR', 'RS']);

const bad = (text: string, why = 'is not an amount') =>
  fail.invalid('FINANCE_BAD_AMOUNT', `"${text.trim().slice(0, 40)}" ${why}`);

// most cells are a bare signed number: they skip the peeling below (a statement has thousands of them)
const plainNumber = /^([+-]?)(\d[\d.,]*)$/;

/** Peels signs, currency and DR/CR off both ends; refuses a text whose signs disagree rather than guessing. */
export function amountParts(text: string): AmountParts {
  const plain = plainNumber.exec(text);
  if (plain) return { negative: plain[1] === '-', number: plain[2] };
  let s = text.replace(minusSigns, '-').trim().replace(groupingSpace, '$1');
  if (/\d[\s\u00a0\u2007\u2009\u202f'’]+\d/.test(s)) throw bad(text);
  s = s.replace(spaces, '');
  let minus = 0;
  let parens = false;
  let drcr: 'DR' | 'CR' | undefined;
  let currency: string | undefined;
  const word = (w: string) => {
    const up = w.replace(/\.$/, '').toUpperCase();
    if (up === 'DR' || up === 'CR') {
      if (drcr) throw bad(text, 'says DR or CR twice');
      drcr = up;
    } else if (isCurrency(up)) currency = up;
    else if (!currencyWords.has(up)) throw bad(text);
  };
  if (/^\(.*\)$/.test(s)) {
    parens = true;
    s = s.slice(1, -1);
  }
  for (let changed = true; changed; ) {
    changed = false;
    const lead = /^(-|\+|\p{Sc}|[A-Za-z]{1,3}\.?(?![A-Za-z]))/u.exec(s);
    if (lead) {
      if (lead[1] === '-') minus++;
      else if (/^[A-Za-z]/.test(lead[1])) word(lead[1]);
      s = s.slice(lead[1].length);
      changed = true;
    }
    const trail = /(?<![A-Za-z])(-|\+|\p{Sc}|[A-Za-z]{1,3}\.?)$/u.exec(s);
    if (trail && s.length > trail[1].length) {
      if (trail[1] === '-') minus++;
      else if (/^[A-Za-z]/.test(trail[1])) word(trail[1]);
      s = s.slice(0, -trail[1].length);
      changed = true;
    }
    if (!changed && /^\(.*\)$/.test(s) && !parens) {
      parens = true;
      s = s.slice(1, -1);
      changed = true;
    }
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(s)) throw bad(text);
  if (minus + (parens ? 1 : 0) + (drcr ? 1 : 0) > 1)
    throw bad(text, 'has more than one sign (minus, parentheses, DR/CR): which is meant?');
  return { negative: minus === 1 || parens || drcr === 'DR', number: s, currency };
}

/** Which decimal mark a bare number proves, if any: a mark used twice or before 3 digits may be grouping. */
export function decimalEvidence(number: string, exponent: number): DecimalMark | 'either' | undefined {
  const dots = number.split('.').length - 1;
  const commas = number.split(',').length - 1;
  if (dots && commas) return number.lastIndexOf('.') > number.lastIndexOf(',') ? '.' : ',';
  if (!dots && !commas) return undefined;
  const mark: DecimalMark = dots ? '.' : ',';
  const other: DecimalMark = dots ? ',' : '.';
  if (dots + commas > 1) return other;
  const after = number.length - number.indexOf(mark) - 1;
  if (after !== 3 || number.startsWith(mark)) return mark;
  // "1,234": thousands unless the currency has three decimals (KWD, BHD), where it could be either
  return exponent === 3 ? 'either' : other;
}

// a number with the decimal mark: whole digits or groups of three, then the fraction
const wellFormed: Record<DecimalMark, RegExp> = {
  '.': /^(\d+|\d{1,3}(,\d{3})+)?(\.\d+)?$/,
  ',': /^(\d+|\d{1,3}(\.\d{3})+)?(,\d+)?$/,
};

/** Minor units from a bare number with the given decimal mark; groups must be of three digits. */
function minorUnits(text: string, number: string, currency: string, decimal: DecimalMark): number {
  const group = decimal === '.' ? ',' : '.';
  const ok = wellFormed[decimal].test(number) && /\d/.test(number);
  if (!ok) {
    const says = decimalEvidence(number, exponentOf(currency));
    throw bad(
      text,
      says && says !== decimal && says !== 'either'
        ? `has a decimal ${says === ',' ? 'comma' : 'point'}, the rest of the file a decimal ${decimal === ',' ? 'comma' : 'point'}`
        : 'is not an amount',
    );
  }
  const plain = number.split(group).join('').replace(decimal, '.');
  const exp = exponentOf(currency);
  const [whole, frac = ''] = plain.split('.');
  if (frac.length > exp && /[1-9]/.test(frac.slice(exp)))
    throw bad(text, `has more decimals than ${currency} allows`);
  const minor = Number(whole || '0') * 10 ** exp + Number((frac + '0'.repeat(exp)).slice(0, exp) || '0');
  if (!Number.isSafeInteger(minor)) throw bad(text, 'is too large');
  return minor;
}

/**
 * Parses an amount in minor units: `12.50`, `-$1,234.56`, `$-1,234.56`, `($1,234.56)`, `1.234,56-`, `- 12,00`,
 * `−12.00`, `12.00 DR`/`CR`, `CHF -12.50`, `1 234,56` (thin or no-break spaces). `decimal` is the file's decimal mark
 * (see decimalMarkOf); a currency code that is not the account's is refused.
 */
export function parseAmount(text: string, currency: string, decimal: DecimalMark = '.'): number {
  const parts = amountParts(text);
  if (parts.currency && parts.currency !== currency)
    throw bad(text, `is in ${parts.currency}, the account in ${currency}`);
  const minor = minorUnits(text, parts.number, currency, decimal);
  return parts.negative && minor ? -minor : minor;
}
