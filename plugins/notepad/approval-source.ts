// The notepad's items in `!quorra approvals`, GET /approvals and the admin UI: each with its buttons (approve, edit, reject, defer; answer).
import type { ApprovalSource } from '../../core/plugin/contributions.ts';
import type { NotepadService } from './notepad-service.ts';

const base = '/plugins/notepad';

/** Open proposals and questions as approvals with their HTTP actions. */
export function notepadApprovals(service: NotepadService): ApprovalSource {
  return {
    name: 'notepad',
    async pending({ userId }) {
      return (await service.review(userId)).map((i) => {
        if (i.type === 'question')
          return {
            description: `Question: ${i.text}`,
            hint: 'reply to the morning summary with `N: your answer`',
            actions: [
              {
                label: 'Answer',
                path: `${base}/questions/${i.id}/answer`,
                edit: { field: 'answer', initial: '' },
                tone: 'primary' as const,
              },
              { label: 'Dismiss', path: `${base}/questions/${i.id}/dismiss`, tone: 'danger' as const },
            ],
          };
        const p = i.proposal;
        const notes = [
          !p.appliable && 'cannot be applied: its plugin is off',
          p.error && `last try failed: ${p.error}`,
        ]
          .filter(Boolean)
          .join('; ');
        return {
          description: `${p.summary}${notes ? ` (${notes})` : ''}`,
          hint: 'reply to the morning summary with `yes N`, `no N`, `defer N` or `edit N: …`',
          createdAt: p.createdAt,
          actions: [
            ...(p.appliable
              ? [{ label: 'Approve', path: `${base}/proposals/${p.id}/approve`, tone: 'primary' as const }]
              : []),
            { label: 'Edit', path: `${base}/proposals/${p.id}/edit`, edit: { field: 'text', initial: '' } },
            { label: 'Reject', path: `${base}/proposals/${p.id}/reject`, tone: 'danger' as const },
            ...(p.state === 'deferred' ? [] : [{ label: 'Defer', path: `${base}/proposals/${p.id}/defer` }]),
          ],
        };
      });
    },
  };
}
