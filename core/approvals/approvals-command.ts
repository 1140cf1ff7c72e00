// `!quorra approvals [yes|no|defer <n> | edit <n> <text>]`: what waits on you (confirmations, queued proposals, questions), answered by number.

import type { ProposalView } from '../contracts/approval-kind.ts';
import type { ApprovalSource, CommandDefinition } from '../contracts/contributions.ts';
import { CommandUsageError } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import { ago } from '../text/ago.ts';
import { inlineUntrusted } from '../text/untrusted-markdown.ts';
import { answerProposal } from './approval-answers.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { readApprovalAnswer } from './approval-reply.ts';
import { collectApprovals } from './pending-approvals.ts';

/** One queued proposal as a list entry: `#id`, its summary and each field on its own escaped line. */
function entry(v: ProposalView): string {
  const head = `**#${v.id}** ${inlineUntrusted(v.summary, 300)} — ${ago(v.createdAt)}`;
  const fields =
    v.fields.length > 1 ? v.fields.map((f) => `  ${f.label}: ${inlineUntrusted(f.value, 300)}`) : [];
  const notes = [
    v.blocked && `  Cannot be applied: ${inlineUntrusted(v.blocked, 200)}`,
    v.error && `  Last try failed: ${inlineUntrusted(v.error, 300)}`,
  ].filter((x): x is string => !!x);
  return [head, ...fields, ...notes].join('\n');
}

/** The command: list, or answer one row by its number. */
export function approvalsCommand(d: {
  queue: ApprovalQueue;
  sources: Registry<ApprovalSource>;
  confirmations: ConfirmationStore;
}): CommandDefinition {
  return {
    name: 'approvals',
    description: 'what is waiting on your yes or no; answer one with `yes|no|defer <n>` or `edit <n> <text>`',
    usage: 'approvals [yes|send|no|discard|defer <n> | edit <n> <text>]',
    permission: 'member',
    async run(args, ctx) {
      const by = { userId: ctx.userId, role: ctx.role };
      if (args.length) {
        const [verb, n] = args;
        const id = Number(n?.replace(/^#/, ''));
        if (!Number.isInteger(id) || id <= 0) throw new CommandUsageError('Give the number of the proposal.');
        const rest = (ctx.argsText ?? args.join(' ')).trim().replace(/^\S+\s+\S+\s*/, '');
        const answer = readApprovalAnswer(verb.toLowerCase() === 'edit' ? `edit: ${rest}` : verb);
        if (answer.action === 'unknown') throw new CommandUsageError(`Unknown answer “${verb}”.`);
        return answerProposal(d.queue, id, by, answer);
      }
      const lines: string[] = [];
      for (const c of await d.confirmations.pendingForUser(ctx.userId))
        lines.push(
          `${inlineUntrusted(c.description, 300)} — asked ${ago(c.createdAt)}${c.sessionId === ctx.sessionId ? ' (here: answer **yes** or **no**)' : ''}`,
        );
      for (const v of await d.queue.pending(by)) lines.push(entry(v));
      for (const a of await collectApprovals(d.sources.list(), by))
        lines.push(
          `${inlineUntrusted(a.description, 300)}${a.createdAt ? ` — ${ago(a.createdAt)}` : ''}${a.hint ? ` (${a.hint})` : ''}`,
        );
      if (!lines.length) return 'Nothing is waiting on you.';
      return `**Waiting on you**\n${lines.map((l, i) => `${i + 1}. ${l}`).join('\n')}\nAnswer a proposal with \`!quorra approvals yes <#>\`, \`no <#>\`, \`defer <#>\` or \`edit <#> <text>\`.`;
    },
  };
}
