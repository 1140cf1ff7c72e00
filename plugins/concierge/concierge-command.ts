// `!quorra concierge [send <n> | edit <n> <text> | discard <n>]`: the owner answers guest drafts from chat.
import type { UserPrincipal } from '../../core/auth/principal.ts';
import { QuorraError } from '../../core/errors.ts';
import {
  type CommandContext,
  type CommandDefinition,
  CommandUsageError,
} from '../../core/plugin/contributions.ts';
import { inlineUntrusted } from '../../core/text/untrusted-markdown.ts';
import type { DraftReview, DraftView } from './draft-review.ts';

// guest and model text, one escaped line each: it can never bold, link or fake a list entry
const oneLine = (s: string, max = 160) => inlineUntrusted(s, max);

/** One open draft as a list entry. */
function entry(d: DraftView): string {
  const stay = oneLine(`${d.property ? `${d.property}, ` : ''}${d.check_in} → ${d.check_out}`);
  const flag =
    d.state === 'needs_you'
      ? ` · **needs you**${d.escalation_reason ? ` (${oneLine(d.escalation_reason, 80)})` : ''}`
      : '';
  const lines = [`**#${d.id}** ${oneLine(d.guest, 200)} (${stay})${flag}`, `  Guest: ${oneLine(d.message)}`];
  lines.push(`  Draft: ${d.draft ? oneLine(d.draft) : '(none)'}`);
  if (d.last_error) lines.push(`  Last send failed: ${oneLine(d.last_error)}`);
  return lines.join('\n');
}

const USAGE = '!quorra concierge [send <n> | edit <n> <text> | discard <n>]';

const number = (arg: string | undefined) => {
  const n = Number(arg);
  if (!arg || !Number.isInteger(n) || n <= 0) throw new CommandUsageError('Give the draft number.');
  return n;
};

/** The command over the review actions; owner only (the router refuses members, and so does run). */
export function conciergeCommand(review: DraftReview): CommandDefinition {
  return {
    name: 'concierge',
    description: 'guest drafts: list, send, edit and send, discard',
    usage: USAGE,
    permission: 'owner',
    async run(args: string[], ctx: CommandContext) {
      if (ctx.role !== 'owner') return 'Only the owner can use `!quorra concierge`.';
      const owner: UserPrincipal = { kind: 'user', userId: ctx.userId, role: 'owner', displayName: '' };
      const [verb, n, ...rest] = args;
      try {
        switch (verb?.toLowerCase()) {
          case undefined:
          case 'list': {
            const open = await review.open();
            return open.length
              ? `**Open guest drafts**\n${open.map(entry).join('\n')}`
              : 'No open guest drafts.';
          }
          case 'send': {
            const d = await review.send(number(n), owner);
            return `Sent #${d.id} to ${oneLine(d.guest, 200)}.`;
          }
          case 'edit': {
            const text = rest.join(' ').trim();
            if (!text) throw new CommandUsageError('Give the new text.');
            const d = await review.send(number(n), owner, text);
            return `Sent your edited reply for #${d.id} to ${oneLine(d.guest, 200)}.`;
          }
          case 'discard': {
            const d = await review.discard(number(n), owner);
            return `Discarded #${d.id}; nothing was sent.`;
          }
          default:
            throw new CommandUsageError(`Unknown action “${verb}”.`);
        }
      } catch (err) {
        if (err instanceof QuorraError && err.kind !== 'internal') return `Not done: ${err.message}.`;
        throw err;
      }
    },
  };
}
