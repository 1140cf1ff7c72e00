// Money in integer minor units: the currency's exponent and formatting for people (amount-text.ts reads amounts).

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

/** Minor units as a plain decimal string (`-1250`, EUR → `-12.50`). */
export function toDecimal(minor: number, currency: string): string {
  const exp = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(exp + 1, '0');
  return exp ? `${sign}${abs.slice(0, -exp)}.${abs.slice(-exp)}` : `${sign}${abs}`;
}

/** Minor units for people: `€12.50`, `¥1,200`; nothing spent is `€0.00`, never `-€0.00` (-0 from a negation). */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(
    (minor || 0) / 10 ** exponentOf(currency),
  );
}
