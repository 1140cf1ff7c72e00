// finance_set_budget (tier 1): sets what a category may spend in a month.

import { defineTool, fail } from 'quorra/plugin';
import { z } from 'zod';
import { parseAmount } from '../amount-text.ts';
import type { FinanceService } from '../finance-service.ts';
import { addMonths, monthOf } from '../local-date.ts';
import { formatMoney } from '../money.ts';
import { turnBudget } from './finance-tool-deps.ts';

export function financeSetBudget(service: FinanceService) {
  return defineTool({
    name: 'finance_set_budget',
    description:
      'Set the budgeted amount (a decimal such as "300") of one category for a month (YYYY-MM; default next month).',
    examples: [
      'set the groceries budget to 400',
      'budget 100 for eating out next month',
      'limit fun money to 50',
      'Budget für Kleidung',
    ],
    tier: 1,
    scopes: ['finance'],
    audience: 'household',
    input: z
      .object({
        category: z.string().trim().min(1).max(120),
        amount: z
          .string()
          .trim()
          .regex(/^\d[\d.,']*$/, 'a positive decimal such as 300'),
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
          .optional(),
      })
      .strict(),
    async run(input, ctx) {
      const { backend } = await turnBudget(service, ctx);
      const category = service.matchCategory(await backend.categories(), input.category);
      if (!category) throw fail.invalid('FINANCE_UNKNOWN_CATEGORY', `no category "${input.category}"`);
      const month = input.month ?? addMonths(monthOf(await service.today()), 1);
      const amount = parseAmount(input.amount, backend.currency);
      await backend.setBudget(month, category.id, amount);
      return { set: true, category: category.name, month, amount: formatMoney(amount, backend.currency) };
    },
  });
}
