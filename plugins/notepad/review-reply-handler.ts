// Answers replies to the morning summary in Matrix: yes / no / defer / edit: … per numbered item.

import { QuorraError, type ReplyHandler } from 'quorra/plugin';
import type { NotepadService } from './notepad-service.ts';
import { parseReviewReply } from './review-reply.ts';

const usage = 'Reply `yes N`, `no N`, `defer N` or `edit N: …` (a question: `N: your answer`).';

/** The `notepad-review` reply handler; the ref lists the summary's items in order (`p12,q5`). */
export function reviewReplyHandler(service: NotepadService): ReplyHandler {
  return {
    name: 'notepad-review',
    async handle(text, ctx) {
      const items = ctx.ref.split(',').filter(Boolean);
      const cmd = parseReviewReply(text, items.length);
      if (!cmd || cmd.n < 1 || cmd.n > items.length) return `I did not get that. ${usage}`;
      const ref = items[cmd.n - 1];
      const id = Number(ref.slice(1));
      const by = { userId: ctx.userId, role: ctx.role };
      const queue = service.approvals;
      try {
        if (ref.startsWith('p')) {
          if (cmd.action === 'yes') {
            const v = await queue.approve(id, by);
            return v.state === 'applied'
              ? `Done: ${v.summary}.`
              : `That did not work: ${v.error}. It stays in your approvals.`;
          }
          if (cmd.action === 'no') return `Dropped: ${(await queue.reject(id, by)).summary}.`;
          if (cmd.action === 'defer') return `Later, then: ${(await queue.defer(id, by)).summary}.`;
          const r = await queue.edit(id, by, 'text' in cmd ? cmd.text : '');
          return 'revised' in r && (r.revised as { proposed?: number } | null)?.proposed
            ? 'Changed — the new version is in your approvals.'
            : 'Noted; I will look at it again.';
        }
        if (cmd.action === 'answer' || cmd.action === 'edit') {
          const r = await service.answer(ctx.userId, id, cmd.text);
          return r.proposed
            ? `Thanks — ${r.proposed} new proposal${r.proposed === 1 ? '' : 's'} in your approvals.`
            : 'Thanks, noted.';
        }
        if (cmd.action === 'defer') {
          await service.deferQuestion(ctx.userId, id);
          return 'I will ask again tomorrow.';
        }
        if (cmd.action === 'no') {
          await service.dismissQuestion(ctx.userId, id);
          return 'Fine, I will leave it.';
        }
        return `That one is a question: answer it with \`${cmd.n}: …\`.`;
      } catch (err) {
        if (err instanceof QuorraError) return `${err.message}.`;
        throw err;
      }
    },
  };
}
