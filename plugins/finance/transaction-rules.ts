// Checks every backend applies before writing a transaction: a real date, whole minor units, splits that add up.
import { fail } from 'quorra/plugin';
import type { NewTransaction, Split, Transaction } from './finance-backend.ts';
import { isLocalDate } from './local-date.ts';

/** Throws a coded error when the transaction cannot be stored as given. */
export function checkNewTransaction(t: NewTransaction): void {
  if (!isLocalDate(t.date)) throw fail.invalid('FINANCE_BAD_DATE', `"${t.date}" is not a date (YYYY-MM-DD)`);
  if (!Number.isSafeInteger(t.amount))
    throw fail.invalid('FINANCE_BAD_AMOUNT', 'amounts are whole minor units (cents)');
  if (!t.payee.trim()) throw fail.invalid('FINANCE_NO_PAYEE', 'a transaction needs a payee');
  if (t.splits?.length) {
    if (t.splits.length < 2) throw fail.invalid('FINANCE_BAD_SPLIT', 'a split needs at least two parts');
    const sum = t.splits.reduce((s, p) => s + p.amount, 0);
    if (sum !== t.amount || t.splits.some((p) => !Number.isSafeInteger(p.amount)))
      throw fail.invalid('FINANCE_BAD_SPLIT', `the parts add up to ${sum}, not ${t.amount}`);
  }
}

/** The (category, amount) pieces a transaction counts as: its splits, or itself. */
export function piecesOf(t: Pick<Transaction, 'amount' | 'categoryId' | 'splits'>): Split[] {
  return t.splits.length ? t.splits : [{ categoryId: t.categoryId, amount: t.amount }];
}

/** True when nothing in the transaction is categorised yet. */
export function isUncategorised(t: Pick<Transaction, 'amount' | 'categoryId' | 'splits'>): boolean {
  return piecesOf(t).some((p) => !p.categoryId);
}
