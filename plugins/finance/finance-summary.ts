// What the admin UI's finance view shows: month-to-date by category vs budget, recent transactions, unreviewed count.
import type { FinanceBackend } from './finance-backend.ts';
import { localDateMinusDays, monthOf, monthRange } from './local-date.ts';

export interface FinanceSummary {
  month: string;
  currency: string;
  categories: { category: string; group: string; budgeted: number; spent: number; available: number }[];
  recent: {
    id: string;
    date: string;
    amount: number;
    currency: string;
    payee: string;
    category: string | null;
    reviewed: boolean;
  }[];
  unreviewed: number;
}

export async function financeSummary(backend: FinanceBackend, today: string): Promise<FinanceSummary> {
  const month = monthOf(today);
  const m = await backend.budgetMonth(month);
  const names = new Map((await backend.categories()).map((c) => [c.id, c.name]));
  const recent = (await backend.transactions({ from: localDateMinusDays(today, 60), to: today })).slice(
    0,
    15,
  );
  const unreviewed = await backend.transactions({
    from: localDateMinusDays(today, 365),
    to: monthRange(month).to,
    unreviewed: true,
  });
  return {
    month,
    currency: backend.currency,
    categories: m.lines
      .filter((l) => l.budgeted || l.activity)
      .map((l) => ({
        category: l.category,
        group: l.group,
        budgeted: l.budgeted + l.carriedIn,
        spent: -l.activity,
        available: l.available,
      })),
    recent: recent.map((t) => ({
      id: t.id,
      date: t.date,
      amount: t.amount,
      currency: t.currency,
      payee: t.payee,
      category: t.splits.length ? 'split' : (names.get(t.categoryId ?? '') ?? null),
      reviewed: t.reviewed,
    })),
    unreviewed: unreviewed.length,
  };
}
