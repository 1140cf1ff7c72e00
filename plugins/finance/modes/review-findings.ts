// What review mode points out: categories up more than 30% on their 3-month average, new recurring payees, duplicates.
import type { Category, Transaction } from '../finance-backend.ts';
import { addMonths, localDateMinusDays, monthOf } from '../local-date.ts';
import { normalisePayee } from '../payee-name.ts';
import { spendingBy } from '../spending.ts';

export interface CategoryRise {
  category: string;
  currency: string;
  month: string;
  spent: number;
  average: number;
  /** Rise over the average in percent, rounded. */
  risePercent: number;
}

/** Categories whose spending in `month` is more than 30% above their average over the three months before. */
export function risingCategories(month: string, txs: Transaction[], categories: Category[]): CategoryRise[] {
  const inMonth = (m: string) => txs.filter((t) => monthOf(t.date) === m);
  const now = spendingBy('category', inMonth(month), categories);
  const before = [1, 2, 3].map((n) => spendingBy('category', inMonth(addMonths(month, -n)), categories));
  const out: CategoryRise[] = [];
  for (const line of now) {
    if (line.key === 'uncategorised') continue;
    const average =
      before.reduce(
        (s, m) => s + (m.find((l) => l.key === line.key && l.currency === line.currency)?.spent ?? 0),
        0,
      ) / 3;
    if (average > 0 && line.spent > average * 1.3)
      out.push({
        category: line.label,
        currency: line.currency,
        month,
        spent: line.spent,
        average: Math.round(average),
        risePercent: Math.round((line.spent / average - 1) * 100),
      });
  }
  return out.sort((a, b) => b.risePercent - a.risePercent);
}

export interface RecurringPayee {
  payee: string;
  currency: string;
  months: string[];
  typical: number;
}

/**
 * Payees first seen within the last 90 days that charged in at least two different months for about the same
 * amount (within 10%): a new subscription or standing order.
 */
export function newRecurringPayees(today: string, txs: Transaction[]): RecurringPayee[] {
  const since = localDateMinusDays(today, 90);
  const byPayee = new Map<string, Transaction[]>();
  for (const t of txs) {
    if (t.amount >= 0) continue;
    const k = normalisePayee(t.payee) || t.payee;
    byPayee.set(k, [...(byPayee.get(k) ?? []), t]);
  }
  const out: RecurringPayee[] = [];
  for (const list of byPayee.values()) {
    if (list.some((t) => t.date < since)) continue;
    const months = [...new Set(list.map((t) => monthOf(t.date)))].sort();
    const amounts = list.map((t) => -t.amount).sort((a, b) => a - b);
    const typical = amounts[Math.floor(amounts.length / 2)];
    if (months.length >= 2 && amounts.every((a) => Math.abs(a - typical) <= typical * 0.1))
      out.push({ payee: list[0].payee, currency: list[0].currency, months, typical });
  }
  return out.sort((a, b) => a.payee.localeCompare(b.payee));
}

/** Pairs of transactions in one account with the same amount and payee within three days: possible duplicates. */
export function possibleDuplicates(txs: Transaction[]): [Transaction, Transaction][] {
  const sorted = [...txs].sort((a, b) => a.date.localeCompare(b.date));
  const out: [Transaction, Transaction][] = [];
  for (const [i, a] of sorted.entries()) {
    for (const b of sorted.slice(i + 1)) {
      if (b.date > localDateMinusDays(a.date, -3)) break;
      if (
        a.accountId === b.accountId &&
        a.amount === b.amount &&
        normalisePayee(a.payee) === normalisePayee(b.payee)
      )
        out.push([a, b]);
    }
  }
  return out;
}
