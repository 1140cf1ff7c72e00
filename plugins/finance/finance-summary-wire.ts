// GET /plugins/finance/summary on the wire: the route's response schema, and the admin UI's type of the reply.
import { z } from 'zod';

/** One category this month; amounts in minor units (budgeted includes what rolled over). */
export const financeCategoryLine = z.strictObject({
  category: z.string(),
  group: z.string(),
  budgeted: z.number(),
  spent: z.number(),
  available: z.number(),
});

/** One recent transaction. */
export const financeTransactionLine = z.strictObject({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  payee: z.string(),
  category: z.string().nullable(),
  reviewed: z.boolean(),
});

/** The whole reply: which budget, the ones the caller may switch to, the month by category, recent rows. */
export const financeSummaryReply = z.strictObject({
  budget: z.string(),
  budgets: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  month: z.string(),
  currency: z.string(),
  categories: z.array(financeCategoryLine),
  recent: z.array(financeTransactionLine),
  unreviewed: z.number(),
});
