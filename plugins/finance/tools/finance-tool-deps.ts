// What the finance tools share: the service, and the budget backend of the turn calling them.
import type { RunContext, ToolContext } from 'quorra/plugin';
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

/** The person a write is for (finance tools have audience `household`, so the principal is a member). */
export function actorOf(ctx: RunContext<'household'>) {
  return { userId: ctx.principal.userId, workspace: ctx.workspace ?? null };
}
