// finance_log_transaction (tier 1): logs spending or income; payee and category are matched, a new category is only proposed.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from '../finance-service.ts';
import { actorOf, turnBudget } from './finance-tool-deps.ts';

const amount = z
  .string()
  .trim()
  .regex(/^\d[\d.,']*$/, 'a positive decimal such as 12.50');

export function financeLogTransaction(service: FinanceService) {
  return defineTool({
    name: 'finance_log_transaction',
    description:
      'Log money spent (or income with income: true). Amount is a positive decimal ("12.50"). Category and payee are matched to existing ones; if the category does not exist the result proposes one: ask the person, and only after they agree call again with create_category_in set to the group.',
    examples: [
      'spent 12.50 at the bakery',
      'I paid 40 euro for petrol',
      'got my salary 2500',
      'gasté 20 en el súper',
    ],
    tier: 1,
    scopes: ['finance'],
    audience: 'household',
    input: z
      .object({
        amount,
        payee: z.string().trim().min(1).max(200),
        category: z.string().trim().min(1).max(120).optional(),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
        account: z.string().trim().max(120).optional(),
        notes: z.string().trim().max(500).optional(),
        income: z.boolean().default(false),
        create_category_in: z.string().trim().min(1).max(120).optional(),
        splits: z
          .array(z.object({ category: z.string().trim().min(1).max(120), amount }).strict())
          .max(20)
          .optional(),
      })
      .strict(),
    async run(input, ctx) {
      const { budgetId } = await turnBudget(service, ctx);
      const result = await service.logSpend(
        budgetId,
        { ...input, createCategoryIn: input.create_category_in },
        actorOf(ctx),
      );
      if (result.status === 'needs_category')
        return {
          logged: false,
          reason: `there is no category "${result.asked}"`,
          proposal: `create "${result.proposal.name}" in the ${result.proposal.group} group (ask first)`,
          categories: result.categories,
        };
      return { logged: true, id: result.transaction.id, summary: result.summary };
    },
  });
}
