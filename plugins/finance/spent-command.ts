// `!quorra spent 12.50 groceries Lidl`: logs spending without the model (tier 1, audited) and answers month-to-date vs budget.

import type { AuditCapability, CommandDefinition } from 'quorra/plugin';
import type { FinanceService } from './finance-service.ts';
import { normalisePayee } from './payee-name.ts';

const usage = '!quorra spent <amount> [category] <payee>   e.g. !quorra spent 12.50 groceries Lidl';

/** Splits the words after the amount into the longest leading category name and the payee. */
function splitCategory(words: string[], categories: string[]): { category?: string; payee: string } {
  const known = new Map(categories.map((c) => [normalisePayee(c), c]));
  for (let n = words.length - 1; n >= 1; n--) {
    const hit = known.get(normalisePayee(words.slice(0, n).join(' ')));
    if (hit) return { category: hit, payee: words.slice(n).join(' ') };
  }
  return words.length > 1
    ? { category: words[0], payee: words.slice(1).join(' ') }
    : { payee: words.join(' ') };
}

export function spentCommand(service: FinanceService, audit: AuditCapability): CommandDefinition {
  return {
    name: 'spent',
    description: 'log spending without the model; answers the category month-to-date vs budget',
    usage,
    permission: 'member',
    async run(args, ctx) {
      const [amount, ...words] = args;
      if (!amount || !/^\d[\d.,]*$/.test(amount) || !words.length) return `Usage: ${usage}`;
      const record = (outcome: 'ok' | 'error' | 'refused', detail?: string) =>
        audit.record({
          userId: ctx.userId,
          sessionId: ctx.sessionId ?? null,
          tool: 'finance_spent',
          tier: 1,
          input: { args },
          outcome,
          detail,
        });
      let budgetId: string;
      try {
        budgetId = await service.access.forTurn(
          { kind: 'user', userId: ctx.userId, role: ctx.role, displayName: ctx.userId },
          ctx.workspace,
        );
      } catch (err) {
        await record('refused', (err as Error).message);
        return 'There is no budget you can log to here.';
      }
      try {
        const backend = await service.budgets.backend(budgetId);
        const { category, payee } = splitCategory(
          words,
          (await backend.categories()).map((c) => c.name),
        );
        const result = await service.logSpend(
          budgetId,
          { amount, payee, category },
          { userId: ctx.userId, workspace: ctx.workspace ?? null },
        );
        if (result.status === 'needs_category') {
          await record('refused', 'unknown category');
          return `I don't have a category called “${result.asked}”, so nothing was logged. Categories: ${result.categories.join(', ')}.`;
        }
        await record('ok', `transaction ${result.transaction.id}`);
        return result.summary;
      } catch (err) {
        await record('error', (err as Error).message);
        return `Nothing was logged: ${(err as Error).message}`;
      }
    },
  };
}
