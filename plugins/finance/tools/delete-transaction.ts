// finance_delete_transaction (tier 2): deletes one transaction after the person confirms its amount, payee and date.

import { defineTool, fail } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from '../finance-service.ts';
import { formatMoney } from '../money.ts';
import { turnBudget } from './finance-tool-deps.ts';

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
    // named from stored data only: the model's words never shape what the person confirms
    describe: ({ transaction_id }) => {
      const t = service.seen.get(transaction_id);
      return t
        ? `delete ${formatMoney(t.amount, t.currency)} at ${t.payee} on ${t.date}`
        : `delete transaction ${transaction_id} (not looked up in this conversation)`;
    },
    async run({ transaction_id }, ctx) {
      const { backend } = await turnBudget(service, ctx);
      const gone = await backend.deleteTransaction(transaction_id);
      if (!gone)
        throw fail.invalid('FINANCE_UNKNOWN_TRANSACTION', `no transaction ${transaction_id} in this budget`);
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
