// The finance scope's modes (budget, reconcile, review), each with an entry context computed before the first turn.

import type { ModeDefinition, PeopleCapability } from 'quorra/plugin';
import type { FinanceBackend } from './finance-backend.ts';
import type { FinanceService } from './finance-service.ts';
import { budgetContext } from './modes/budget-context.ts';
import { reconcileContext } from './modes/reconcile-context.ts';
import { reviewContext } from './modes/review-context.ts';
import type { SeenTransactions } from './seen-transactions.ts';

type Compute = (backend: FinanceBackend, today: string, seen: SeenTransactions) => Promise<string>;

const modes: [string, string, Compute][] = [
  ['budget', "Plan next month's budget from the last three months by category", budgetContext],
  ['reconcile', 'Go through uncategorised and unreviewed transactions one at a time', reconcileContext],
  ['review', 'Look at spending trends and anomalies', reviewContext],
];

export function financeModes(service: FinanceService, people: PeopleCapability): ModeDefinition[] {
  return modes.map(([name, description, compute]) => ({
    scope: 'finance',
    name,
    description,
    async entryContext({ userId, workspace }) {
      const user = userId ? await people.get(userId) : null;
      if (!user) return '';
      try {
        const budgetId = await service.access.forTurn(
          { kind: 'user', userId: user.id, role: user.role, displayName: user.displayName },
          workspace,
        );
        return await compute(await service.budgets.backend(budgetId), await service.today(), service.seen);
      } catch (err) {
        return `(The budget could not be read: ${(err as Error).message})`;
      }
    },
  }));
}
