// finance_query (tier 0): spending by category or payee over a period, balances, budget vs actual, transactions.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from '../finance-service.ts';
import { addMonths, monthOf, monthRange } from '../local-date.ts';
import { formatMoney } from '../money.ts';
import { spendingBy } from '../spending.ts';
import { turnBudget } from './finance-tool-deps.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export function financeQuery(service: FinanceService) {
  return defineTool({
    name: 'finance_query',
    description:
      'Read the household budget: "spending" (by category or payee over a period), "budget" (budget vs actual for a month), "balances" (accounts), "transactions" (a period, optionally one category or payee). Periods default to this month.',
    examples: [
      'how much did we spend on groceries this month',
      'what is our balance',
      'are we over budget',
      'wie viel haben wir ausgegeben',
    ],
    tier: 0,
    scopes: ['finance'],
    audience: 'household',
    input: z
      .object({
        kind: z.enum(['spending', 'budget', 'balances', 'transactions']),
        by: z.enum(['category', 'payee']).default('category'),
        from: date.optional(),
        to: date.optional(),
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/, 'YYYY-MM')
          .optional(),
        category: z.string().trim().max(120).optional(),
        payee: z.string().trim().max(200).optional(),
      })
      .strict(),
    async run(input, ctx) {
      const { backend } = await turnBudget(service, ctx);
      const today = await service.today();
      const month = input.month ?? monthOf(input.from ?? today);
      const range = {
        from: input.from ?? monthRange(month).from,
        to: input.to ?? (input.from ? today : monthRange(month).to),
      };
      const categories = await backend.categories();
      const money = (n: number, c = backend.currency) => formatMoney(n, c);
      if (input.kind === 'budget') {
        const m = await backend.budgetMonth(month);
        return {
          month,
          lines: m.lines.map((l) => ({
            category: l.category,
            budgeted: money(l.budgeted),
            spent: money(-l.activity),
            available: money(l.available),
          })),
        };
      }
      if (input.kind === 'balances') {
        const all = await backend.transactions({ from: '1900-01-01', to: today });
        return (await backend.accounts()).map((a) => ({
          account: a.name,
          balance: money(
            all.filter((t) => t.accountId === a.id).reduce((s, t) => s + t.amount, 0),
            a.currency,
          ),
        }));
      }
      let txs = await backend.transactions(range);
      const cat = input.category ? service.matchCategory(categories, input.category) : undefined;
      if (input.category && !cat)
        return { error: `no category "${input.category}"`, categories: categories.map((c) => c.name) };
      if (cat)
        txs = txs.filter((t) => t.categoryId === cat.id || t.splits.some((s) => s.categoryId === cat.id));
      if (input.payee) txs = txs.filter((t) => t.payee.toLowerCase().includes(input.payee!.toLowerCase()));
      if (input.kind === 'spending') {
        const previous = addMonths(month, -1);
        return {
          period: range,
          lines: spendingBy(input.by, txs, categories).map((l) => ({
            [input.by]: l.label,
            spent: money(l.spent, l.currency),
            count: l.count,
          })),
          note: `compare with ${previous} by asking for that month`,
        };
      }
      service.seen.remember(txs);
      const names = new Map(categories.map((c) => [c.id, c.name]));
      return txs.slice(0, 100).map((t) => ({
        id: t.id,
        date: t.date,
        amount: money(t.amount, t.currency),
        payee: t.payee,
        category: t.splits.length ? 'split' : (names.get(t.categoryId ?? '') ?? 'uncategorised'),
        reviewed: t.reviewed,
      }));
    },
  });
}
