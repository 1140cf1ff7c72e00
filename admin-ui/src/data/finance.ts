// GET /plugins/finance/summary: a budget's month to date by category, recent transactions and the unreviewed count.
import type { z } from 'zod';
import type {
  financeCategoryLine,
  financeSummaryReply,
  financeTransactionLine,
} from '../../../plugins/finance/finance-summary-wire.ts';
import { ApiError, apiRequest } from './api-client.ts';

/** The route's zod schemas are the types: a changed reply breaks this module's type check. */
export type FinanceCategoryLine = z.infer<typeof financeCategoryLine>;
export type FinanceTransactionView = z.infer<typeof financeTransactionLine>;
export type FinanceSummary = z.infer<typeof financeSummaryReply>;

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
