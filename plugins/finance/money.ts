// Money in integer minor units: the currency's exponent, parsing statement amounts, and formatting for people.
import { fail } from 'quorra/plugin';

const exponents = new Map<string, number>();

/** True for an ISO 4217 code this runtime knows. */
export function isCurrency(code: string): boolean {
  return known.has(code);
}

const known = new Set(Intl.supportedValuesOf('currency'));

/** Digits after the decimal point for a currency (EUR 2, JPY 0, KWD 3). */
export function exponentOf(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    exponents.set(currency, e);
  }
  return e;
}

/**
 * Parses an amount as people and banks write it: `12.50`, `-1.234,56` (decimal comma), `(12.50)` (negative),
 * `1,234.56`, with or without a currency sign. `decimal` says which mark separates the fraction.
 */
export function parseAmount(text: string, currency: string, decimal: '.' | ',' = '.'): number {
  let s = text.trim().replace(/[\s\u00a0'’]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/^[^\d+\-.,]+|[^\d.,\-+]+$/g, '');
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const group = decimal === '.' ? ',' : '.';
  s = s.split(group).join('');
  if (decimal === ',') s = s.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s) && !/^\.\d+$/.test(s))
    throw fail.invalid('FINANCE_BAD_AMOUNT', `"${text.slice(0, 40)}" is not an amount`);
  const exp = exponentOf(currency);
  const [whole, frac = ''] = s.split('.');
  if (frac.length > exp && /[1-9]/.test(frac.slice(exp)))
    throw fail.invalid(
      'FINANCE_BAD_AMOUNT',
      `"${text.slice(0, 40)}" has more decimals than ${currency} allows`,
    );
  const minor = Number(whole || '0') * 10 ** exp + Number((frac + '0'.repeat(exp)).slice(0, exp) || '0');
  if (!Number.isSafeInteger(minor)) throw fail.invalid('FINANCE_BAD_AMOUNT', 'amount is too large');
  return negative ? -minor : minor;
}

/** Minor units as a plain decimal string (`-1250`, EUR → `-12.50`). */
export function toDecimal(minor: number, currency: string): string {
  const exp = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(exp + 1, '0');
  return exp ? `${sign}${abs.slice(0, -exp)}.${abs.slice(-exp)}` : `${sign}${abs}`;
}

/** Minor units for people: `€12.50`, `¥1,200`. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(
    minor / 10 ** exponentOf(currency),
  );
}
