// finance_categorize (tier 1): categorises and/or marks reviewed many transactions at once (reconcile mode's answers).

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from '../finance-service.ts';
import { turnBudget } from './finance-tool-deps.ts';

export function financeCategorize(service: FinanceService) {
  return defineTool({
    name: 'finance_categorize',
    description:
      "Apply the person's answers to transactions: set a category (by name) and mark them reviewed. Up to 50 at once; leave category out to only mark reviewed.",
    examples: [
      'the amazon one was household',
      'put those in groceries',
      'mark them reviewed',
      'that payment is for the kids',
    ],
    tier: 1,
    scopes: ['finance'],
    audience: 'household',
    input: z
      .object({
        items: z
          .array(
            z
              .object({
                transaction_id: z.string().min(1).max(64),
                category: z.string().trim().min(1).max(120).optional(),
              })
              .strict(),
          )
          .min(1)
          .max(50),
      })
      .strict(),
    async run({ items }, ctx) {
      const { backend } = await turnBudget(service, ctx);
      const categories = await backend.categories();
      const done: string[] = [];
      const failed: { transaction_id: string; reason: string }[] = [];
      for (const item of items) {
        try {
          if (item.category) {
            const c = service.matchCategory(categories, item.category);
            if (!c) throw new Error(`no category "${item.category}"`);
            await backend.categorize(item.transaction_id, c.id);
          } else if (!(await backend.transaction(item.transaction_id)))
            throw new Error('no such transaction');
          await backend.markReviewed([item.transaction_id]);
          done.push(item.transaction_id);
        } catch (err) {
          failed.push({ transaction_id: item.transaction_id, reason: (err as Error).message });
        }
      }
      return { updated: done.length, failed };
    },
  });
}
