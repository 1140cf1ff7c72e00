// Carries out a person's answer to one proposal for Matrix (a reply to its notice, `!quorra approvals yes 12`): one line back.

import type { Approver, ProposalView } from '../contracts/approval-kind.ts';
import { APPROVAL_REPLY_HANDLER, type ReplyHandler } from '../contracts/contributions.ts';
import { QuorraError } from '../contracts/errors.ts';
import { inlineUntrusted } from '../text/untrusted-markdown.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { type ApprovalAnswer, readApprovalAnswer } from './approval-reply.ts';

export const ANSWER_USAGE =
  'Reply **yes** (or **send**), **no** (or **discard**), **defer** or **edit: <your text>**.';

/** One line about a row: its summary is model or guest text, escaped so it can never become markup. */
const what = (v: ProposalView) => inlineUntrusted(v.summary, 300);

/** Runs `answer` on row `id` as `by`; a refusal (not found, already settled, cannot apply) is a plain line, never a throw. */
export async function answerProposal(
  queue: ApprovalQueue,
  id: number,
  by: Approver,
  answer: ApprovalAnswer,
): Promise<string> {
  try {
    switch (answer.action) {
      case 'approve':
        return outcome(await queue.approve(id, by));
      case 'reject':
        return `Dropped #${id}: ${what(await queue.reject(id, by))}. Nothing was done.`;
      case 'defer':
        return `Later, then: ${what(await queue.defer(id, by))}.`;
      case 'edit': {
        const r = await queue.edit(id, by, answer.text);
        return 'applied' in r ? outcome(r.applied, true) : 'Changed — the new version is in your approvals.';
      }
      default:
        return `Not understood. ${ANSWER_USAGE}`;
    }
  } catch (err) {
    if (err instanceof QuorraError && err.kind !== 'internal') return `Not done: ${err.message}.`;
    throw err;
  }
}

/** What an approval did, in one line. */
function outcome(v: ProposalView, edited = false): string {
  if (v.state === 'failed')
    return `That did not work: ${inlineUntrusted(v.error ?? '', 300)}. It stays in your approvals.`;
  return `Done${edited ? ' with your text' : ''}: ${what(v)}.`;
}

/** Answers a Matrix reply to a notice about one proposal. */
export function approvalReplyHandler(queue: ApprovalQueue): ReplyHandler {
  return {
    name: APPROVAL_REPLY_HANDLER,
    handle(text, ctx) {
      const id = Number(ctx.ref);
      if (!Number.isInteger(id) || id <= 0) return 'That is no longer known.';
      return answerProposal(queue, id, { userId: ctx.userId, role: ctx.role }, readApprovalAnswer(text));
    },
  };
}
