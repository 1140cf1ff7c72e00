// finance_delete_transaction (tier 2): deletes one transaction after the person confirms its amount, payee and date.

import { defineTool, fail } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from '../finance-service.ts';
import { formatMoney } from '../money.ts';
import { turnBudget } from './finance-tool-deps.ts';

const unknownTransaction = (id: string) =>
  fail.invalid('FINANCE_UNKNOWN_TRANSACTION', `no transaction ${id} in this budget`);

export function financeDeleteTransaction(service: FinanceService) {
  return defineTool({
    name: 'finance_delete_transaction',
    description:
      'Delete one transaction by id (look it up with finance_query kind "transactions" first). The person is asked to confirm.',
    examples: [
      'delete the duplicate coffee payment',
      'remove that transaction',
      'the 12.50 was a mistake, remove it',
      'undo the last expense',
    ],
    tier: 2,
    scopes: ['finance'],
    audience: 'household',
    input: z.object({ transaction_id: z.string().trim().min(1).max(64) }).strict(),
    // named from stored data only, read through the caller's own budget as the run would: the model's words
    // never shape what the person confirms, and a row they cannot read is "no transaction", like a missing one
    describe: async ({ transaction_id }, ctx) => {
      const { backend } = await turnBudget(service, ctx);
      const t = await backend.transaction(transaction_id);
      if (!t) throw unknownTransaction(transaction_id);
      return `delete ${formatMoney(t.amount, t.currency)} at ${t.payee} on ${t.date}`;
    },
    async run({ transaction_id }, ctx) {
      const { backend } = await turnBudget(service, ctx);
      const gone = await backend.deleteTransaction(transaction_id);
      if (!gone) throw unknownTransaction(transaction_id);
      service.seen.forget(transaction_id);
      return {
        deleted: true,
        amount: formatMoney(gone.amount, gone.currency),
        payee: gone.payee,
        date: gone.date,
      };
    },
  });
}
