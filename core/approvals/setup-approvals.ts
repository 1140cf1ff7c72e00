// Sets up the approvals queue: the queue over its kind registry, its routes, `!quorra approvals` and the Matrix reply handler.
import type { DataSource } from 'typeorm';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import type { CoreRegistries } from '../engine/core-registries.ts';
import type { Logger } from '../logger.ts';
import type { CoreContributions } from '../plugin/core-contributions.ts';
import { approvalReplyHandler } from './approval-answers.ts';
import { ApprovalQueue } from './approval-queue.ts';
import { approvalRoutes } from './approval-routes.ts';
import { approvalsCommand } from './approvals-command.ts';

/** Builds the queue and registers its surfaces; rows a stop interrupted mid-apply go back to review first. */
export async function setupApprovals(d: {
  db: DataSource;
  logger: Logger;
  registries: CoreRegistries;
  confirmations: ConfirmationStore;
  contribute: CoreContributions;
}): Promise<ApprovalQueue> {
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
}
