// What the finance tools share: the service, and the budget backend of the turn calling them.
import type { ToolContext } from '../../../core/tools/define-tool.ts';
import type { FinanceBackend } from '../finance-backend.ts';
import type { FinanceService } from '../finance-service.ts';

/** The turn's budget: the workspace's pinned one, or the default in personal chat (refused for guests). */
export async function turnBudget(
  service: FinanceService,
  ctx: ToolContext,
): Promise<{ budgetId: string; backend: FinanceBackend }> {
  const budgetId = await service.access.forTurn(ctx.principal, ctx.workspace);
  return { budgetId, backend: await service.budgets.backend(budgetId) };
}

/** Household members only: a guest is never offered a finance tool. */
export const forMembers = (turn: { principal: ToolContext['principal'] }) => turn.principal?.kind === 'user';

/** The person a write is for (tools run only for users, see forMembers). */
export function actorOf(ctx: ToolContext) {
  if (ctx.principal?.kind !== 'user') throw new Error('finance tools run for household members only');
  return { userId: ctx.principal.userId, workspace: ctx.workspace ?? null };
}
