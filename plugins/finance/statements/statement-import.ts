// Imports statement rows into an account once: each row's key (account, date, amount, payee, bank id) is checked first.
import { createHash } from 'node:crypto';
import type { FinanceBackend, NewTransaction } from '../finance-backend.ts';
import { normalisePayee } from '../payee-name.ts';
import type { StatementRow } from './statement-row.ts';

export interface ImportResult {
  added: number;
  duplicates: number;
  addedIds: string[];
}

/**
 * The dedup keys of a statement's rows. Two identical rows without a bank id (two coffees on one day) are told
 * apart by their order within the file, so re-importing the same file still maps each to its first import.
 */
export function importKeys(accountId: string, rows: StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const base = [accountId, r.date, r.amount, normalisePayee(r.payee), r.bankId ?? ''].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${createHash('sha256').update(base).digest('hex').slice(0, 32)}#${r.bankId ? 1 : n}`;
  });
}

/** Adds the rows not imported before, unreviewed and uncategorised (reconcile mode picks them up). */
export async function importStatement(
  backend: FinanceBackend,
  accountId: string,
  rows: StatementRow[],
  categorise?: (row: StatementRow) => Promise<string | null> | string | null,
): Promise<ImportResult> {
  const existing = await backend.importKeys(accountId);
  const keys = importKeys(accountId, rows);
  const fresh: NewTransaction[] = [];
  for (const [i, row] of rows.entries()) {
    if (existing.has(keys[i])) continue;
    fresh.push({
      accountId,
      date: row.date,
      amount: row.amount,
      payee: row.payee,
      notes: row.memo ?? null,
      categoryId: categorise ? await categorise(row) : null,
      reviewed: false,
      payeeToReview: row.payeeToReview,
      importKey: keys[i],
    });
    existing.add(keys[i]);
  }
  const addedIds = fresh.length ? await backend.importTransactions(fresh) : [];
  return { added: addedIds.length, duplicates: rows.length - addedIds.length, addedIds };
}
