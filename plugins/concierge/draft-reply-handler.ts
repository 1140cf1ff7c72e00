// The owner's Matrix reply to a draft notice: `send`, `edit: <text>` or `discard`, through the same DraftReview as the command.
import type { UserPrincipal } from '../../core/auth/principal.ts';
import { QuorraError } from '../../core/errors.ts';
import type { ReplyHandler } from '../../core/plugin/contributions.ts';
import { inlineUntrusted } from '../../core/text/untrusted-markdown.ts';
import type { DraftReview } from './draft-review.ts';

/** The reply handler name the draft notices name in notify's replyTo. */
export const DRAFT_REPLY_HANDLER = 'concierge-draft';

const USAGE = 'Reply **send**, **edit: <your text>** or **discard**.';

/** What a reply asks for: send as is, send other text, discard, or nothing understood. */
export function readDraftReply(
  text: string,
): { action: 'send'; text?: string } | { action: 'discard' } | { action: 'unknown' } {
  const t = text.trim();
  if (/^send[.!]?$/i.test(t)) return { action: 'send' };
  if (/^discard[.!]?$/i.test(t)) return { action: 'discard' };
  const edit = /^edit(?:\s*:\s*|\s+)(\S[\s\S]*)$/i.exec(t);
  if (edit) return { action: 'send', text: edit[1].trim() };
  return { action: 'unknown' };
}

/** Answers replies to draft notices; only owners may act. */
export function draftReplyHandler(review: DraftReview): ReplyHandler {
  return {
    name: DRAFT_REPLY_HANDLER,
    async handle(text, ctx) {
      if (ctx.role !== 'owner') return 'Only the owner can answer guest drafts.';
      const id = Number(ctx.ref);
      if (!Number.isInteger(id) || id <= 0) return 'That draft is unknown.';
      const owner: UserPrincipal = { kind: 'user', userId: ctx.userId, role: 'owner', displayName: '' };
      const asked = readDraftReply(text);
      try {
        if (asked.action === 'discard') {
          const d = await review.discard(id, owner);
          return `Discarded #${d.id}; nothing was sent.`;
        }
        if (asked.action === 'send') {
          const d = await review.send(id, owner, asked.text);
          return asked.text
            ? `Sent your edited reply for #${d.id} to ${inlineUntrusted(d.guest)}.`
            : `Sent #${d.id} to ${inlineUntrusted(d.guest)}.`;
        }
        return `Not understood. ${USAGE}`;
      } catch (err) {
        if (err instanceof QuorraError && err.kind !== 'internal') return `Not done: ${err.message}.`;
        throw err;
      }
    },
  };
}
