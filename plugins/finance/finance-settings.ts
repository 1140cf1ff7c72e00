// The finance plugin's settings (`plugins.finance.settings`): the household's budgets and where each is kept.
import { z } from 'zod';
import { isTimeZone } from './local-date.ts';
import { isCurrency } from './money.ts';

const budget = z
  .object({
    /** What workspaces pin in their finance binding (`data_window: {budget: <id>}`). */
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,63}$/, 'a lower-case id such as household')
      .meta({ title: 'Short id', description: 'A lower-case id such as household, used by workspaces.' }),
    name: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .meta({ title: 'Name', description: 'What people call this budget.' }),
    backend: z
      .enum(['ledger', 'actual'])
      .default('ledger')
      .meta({
        title: 'Kept in',
        description: 'Quorra’s own ledger, or a local Actual Budget file.',
        options: { ledger: 'Quorra’s own ledger', actual: 'An Actual Budget file' },
      }),
    currency: z
      .string()
      .refine(isCurrency, 'an ISO 4217 currency such as EUR')
      .default('EUR')
      .meta({ title: 'Currency', description: 'An ISO currency code such as EUR.' }),
    /** For the actual backend: the local budget's id or name inside actualDataDir. */
    actualBudget: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ title: 'Actual budget', description: 'For Actual Budget: the budget’s id or name.' }),
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
      .refine((list) => new Set(list.map((b) => b.id)).size === list.length, 'budget ids must be unique')
      .meta({
        title: 'Budgets',
        description:
          'The household’s budgets: each with a short id, a name, where it is kept and its currency.',
      }),
    /** The budget of personal chat and of a finance binding that pins none; defaults to the first. */
    defaultBudget: z.string().optional().meta({
      title: 'Default budget',
      description: 'The budget used in personal chats (its id); leave empty for the first one.',
    }),
    /** Actual Budget's local data directory; defaults to `<dataDir>/plugins/finance/actual`. */
    actualDataDir: z.string().min(1).optional().meta({
      title: 'Actual Budget folder',
      description:
        'Where Actual Budget keeps its files on this computer; leave empty for Quorra’s own folder.',
      service: 'actual',
    }),
    /** IANA zone that decides what "today" and "this month" are; defaults to the owner's, else UTC. */
    timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin').optional().meta({
      title: 'Time zone',
      description:
        'Decides what "today" and "this month" are, e.g. Europe/Berlin; leave empty for the owner’s.',
    }),
  })
  .strict()
  .refine((s) => !s.defaultBudget || s.budgets.some((b) => b.id === s.defaultBudget), {
    message: 'defaultBudget must be one of budgets',
  });

export type FinanceSettings = z.infer<typeof financeSettings>;
export type BudgetSettings = FinanceSettings['budgets'][number];
