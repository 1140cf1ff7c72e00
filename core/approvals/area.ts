// The approvals area: the queue over its kind registry, its routes, `!quorra approvals` and the Matrix reply handler.
import { defineArea } from '../app-area.ts';
import { approvalReplyHandler } from './approval-answers.ts';
import { ApprovalQueue } from './approval-queue.ts';
import { approvalRoutes } from './approval-routes.ts';
import { approvalsCommand } from './approvals-command.ts';
import { approvalTables } from './entities.ts';

/** Builds the queue and registers its surfaces; rows a stop interrupted mid-apply go back to review first. */
export const approvalsArea = defineArea<object, ApprovalQueue>({
  id: 'approvals',
  tables: approvalTables,
  async activate(ctx) {
    const d = {
      ...ctx,
      logger: ctx.logger.child({ subsystem: 'approvals' }),
      confirmations: ctx.conversation.confirmations,
    };
    const queue = new ApprovalQueue(d.db, d.registries.approvalKinds);
    const interrupted = await queue.recoverInterrupted();
    if (interrupted) d.logger.warn({ interrupted }, 'approvals interrupted mid-apply are back in review');
    const deps = {
      queue,
      kinds: d.registries.approvalKinds,
      sources: d.registries.approvals,
      confirmations: d.confirmations,
    };
    d.contribute.routes(approvalRoutes(deps));
    d.contribute.commands.add(approvalsCommand(deps));
    d.contribute.replies.add(approvalReplyHandler(queue));
    return queue;
  },
});
