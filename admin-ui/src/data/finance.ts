// GET /plugins/finance/summary: a budget's month to date by category, recent transactions and the unreviewed count.
import { ApiError, apiRequest } from './api-client.ts';

export interface FinanceCategoryLine {
  category: string;
  group: string;
  /** Minor units: what the month may spend (budgeted plus what rolled over). */
  budgeted: number;
  spent: number;
  available: number;
}

export interface FinanceTransactionView {
  id: string;
  date: string;
  amount: number;
  currency: string;
  payee: string;
  category: string | null;
  reviewed: boolean;
}

export interface FinanceSummary {
  budget: string;
  budgets: { id: string; name: string }[];
  month: string;
  currency: string;
  categories: FinanceCategoryLine[];
  recent: FinanceTransactionView[];
  unreviewed: number;
}

/** The summary, or null when the finance plugin is off (404) or no budget is shared with the caller (403). */
export async function financeSummary(budget?: string): Promise<FinanceSummary | null> {
  try {
    return await apiRequest<FinanceSummary>(
      `/plugins/finance/summary${budget ? `?budget=${encodeURIComponent(budget)}` : ''}`,
    );
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
}

/** Minor units in a currency, as the browser's locale writes money; zero is never "-€0.00" (-0 from a negation). */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return f.format((minor || 0) / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}
