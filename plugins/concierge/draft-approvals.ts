// Guest replies waiting on the owner, as `!quorra approvals` lists them.
import type { ApprovalSource } from '../../core/plugin/contributions.ts';
import type { DraftReview } from './draft-review.ts';

const preview = (text: string | null) =>
  text && text.length > 80 ? `${text.slice(0, 77)}…` : (text ?? '(no draft yet)');

/** Open drafts for owners (members are never asked about guest replies). */
export function draftApprovals(review: DraftReview): ApprovalSource {
  return {
    name: 'concierge-drafts',
    async pending(user) {
      if (user.role !== 'owner') return [];
      return (await review.open()).map((d) => ({
        description: `${d.state === 'needs_you' ? 'Needs you: ' : ''}reply to ${d.guest}${d.property ? ` (${d.property})` : ''}: “${preview(d.draft)}”`,
        hint: `!quorra concierge send ${d.id}`,
        createdAt: new Date(d.received_at),
      }));
    },
  };
}
