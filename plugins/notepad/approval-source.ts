// The notepad's open questions in `!quorra approvals`, GET /approvals and the admin UI, with Answer and Dismiss (its proposals are queue rows).
import type { ApprovalSource } from 'quorra/plugin';
import type { NotepadService } from './notepad-service.ts';

const base = '/plugins/notepad';

/** Open questions as approvals with their HTTP actions. */
export function notepadApprovals(service: NotepadService): ApprovalSource {
  return {
    name: 'notepad',
    async pending({ userId }) {
      const items = (await service.review(userId)).map((i) => {
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
        // proposals are rows of the approvals queue: they are listed (and answered) there, not here
        return null;
      });
      return items.filter((i) => i !== null);
    },
  };
}
