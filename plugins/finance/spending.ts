// Spending summed from transactions: by category or payee over a period, kept apart per currency.
import type { Category, Transaction } from './finance-backend.ts';
import { piecesOf } from './transaction-rules.ts';

export interface SpendingLine {
  key: string;
  label: string;
  currency: string;
  /** Money out as a positive number of minor units (refunds reduce it). */
  spent: number;
  count: number;
}

/** Sums money out per category (splits counted per part) or per payee; income categories are left out. */
export function spendingBy(
  by: 'category' | 'payee',
  transactions: Transaction[],
  categories: Category[],
): SpendingLine[] {
  const cats = new Map(categories.map((c) => [c.id, c]));
  const lines = new Map<string, SpendingLine>();
  for (const t of transactions) {
    for (const p of piecesOf(t)) {
      const cat = p.categoryId ? cats.get(p.categoryId) : undefined;
      if (cat?.isIncome || (!cat && p.amount > 0)) continue;
      const key = by === 'payee' ? t.payee : (p.categoryId ?? 'uncategorised');
      const label = by === 'payee' ? t.payee : (cat?.name ?? 'Uncategorised');
      const id = `${key}|${t.currency}`;
      const line = lines.get(id) ?? { key, label, currency: t.currency, spent: 0, count: 0 };
      line.spent -= p.amount;
      line.count++;
      lines.set(id, line);
    }
  }
  return [...lines.values()].sort((a, b) => b.spent - a.spent || a.label.localeCompare(b.label));
}
