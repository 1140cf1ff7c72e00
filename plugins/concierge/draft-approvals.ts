// Guest replies waiting on the owner, as `!quorra approvals` lists them.
import type { ApprovalSource } from '../../core/plugin/contributions.ts';
import { cleanLabel, echo } from '../../core/text/text-safety.ts';
import type { DraftReview } from './draft-review.ts';

// one clean line of guest or model text: no bidi override can reverse the row or the command after it
const preview = (text: string | null) => (text ? echo(text, 80) : '(no draft yet)');

/** Open drafts for owners (members are never asked about guest replies). */
export function draftApprovals(review: DraftReview): ApprovalSource {
  return {
    name: 'concierge-drafts',
    async pending(user) {
      if (user.role !== 'owner') return [];
      return (await review.open()).map((d) => ({
        description: `${d.state === 'needs_you' ? 'Needs you: ' : ''}reply to ${cleanLabel(d.guest)}${d.property ? ` (${cleanLabel(d.property)})` : ''}: “${preview(d.draft)}”`,
        hint: `!quorra concierge send ${d.id}`,
        createdAt: new Date(d.received_at),
        // the same routes and exactly-once rules as the command and a reply to the notice
        actions: d.draft
          ? [
              { label: 'Send', path: `/plugins/concierge/drafts/${d.id}/send`, tone: 'primary' as const },
              {
                label: 'Edit and send',
                path: `/plugins/concierge/drafts/${d.id}/send`,
                edit: { field: 'text', initial: d.draft },
              },
              {
                label: 'Discard',
                path: `/plugins/concierge/drafts/${d.id}/discard`,
                tone: 'danger' as const,
              },
            ]
          : [
              {
                label: 'Discard',
                path: `/plugins/concierge/drafts/${d.id}/discard`,
                tone: 'danger' as const,
              },
            ],
      }));
    },
  };
}
