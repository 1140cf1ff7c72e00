// The finance plugin's settings (`plugins.finance.settings`): the household's budgets and where each is kept.
import { z } from 'zod';
import { isTimeZone } from './local-date.ts';
import { isCurrency } from './money.ts';

const budget = z
  .object({
    /** What workspaces pin in their finance binding (`data_window: {budget: <id>}`). */
    id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'a lower-case id such as household'),
    name: z.string().trim().min(1).max(120),
    backend: z.enum(['ledger', 'actual']).default('ledger'),
    currency: z.string().refine(isCurrency, 'an ISO 4217 currency such as EUR').default('EUR'),
    /** For the actual backend: the local budget's id or name inside actualDataDir. */
    actualBudget: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine((b) => b.backend !== 'actual' || !!b.actualBudget, {
    message: 'an actual budget needs actualBudget (its id or name)',
  });

export const financeSettings = z
  .object({
    budgets: z
      .array(budget)
      .min(1)
      .max(20)
      .default([{ id: 'household', name: 'Household', backend: 'ledger', currency: 'EUR' }])
      .refine((list) => new Set(list.map((b) => b.id)).size === list.length, 'budget ids must be unique'),
    /** The budget of personal chat and of a finance binding that pins none; defaults to the first. */
    defaultBudget: z.string().optional(),
    /** Actual Budget's local data directory; defaults to `<dataDir>/plugins/finance/actual`. */
    actualDataDir: z.string().min(1).optional(),
    /** IANA zone that decides what "today" and "this month" are; defaults to the owner's, else UTC. */
    timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin').optional(),
  })
  .strict()
  .refine((s) => !s.defaultBudget || s.budgets.some((b) => b.id === s.defaultBudget), {
    message: 'defaultBudget must be one of budgets',
  });

export type FinanceSettings = z.infer<typeof financeSettings>;
export type BudgetSettings = FinanceSettings['budgets'][number];
