// escalate_to_owner: the guest turn hands the message to the owner (high urgency) with a reason.

import { type ApprovalsCapability, defineTool, framedNotice } from 'quorra/plugin';
import { z } from 'zod';
import type { ConciergeStore } from '../concierge-store.ts';
import type { DraftQueue } from '../draft-queue.ts';
import { notifyOwners, type OwnerNoticeDeps, stayOf } from '../owner-notice.ts';

/** Builds the tool; during a webhook turn the draft carries the escalation, otherwise the owner is told at once. */
export function escalateToOwner(
  store: ConciergeStore,
  queue: DraftQueue,
  notices: OwnerNoticeDeps & { approvals: ApprovalsCapability },
) {
  return defineTool({
    name: 'escalate_to_owner',
    description:
      'Hand this conversation to the owner when you cannot answer from the guest information or the booking, or the guest needs something only the owner can decide. Give a short reason.',
    examples: [
      'I need to talk to the owner',
      'the heating is broken, something leaks',
      'can I get a refund',
      'can someone call me',
    ],
    tier: 0,
    scopes: ['concierge'],
    input: z.object({ reason: z.string().trim().min(3).max(500) }).strict(),
    audience: 'guest',
    async run({ reason }, ctx) {
      const p = ctx.principal;
      const pending = queue.pendingFor(p.reservationId);
      if (pending !== undefined) {
        // the draft being written carries the reason into its queue row; its notice goes out at high urgency
        await store.patch(pending, { escalationReason: reason });
        return { escalated: true, note: 'The owner will see this message with your draft and reply soon.' };
      }
      const open = await store.latestOpen(p.reservationId);
      if (open) await store.patch(open.id, { escalationReason: reason });
      const [row] = open ? await notices.approvals.bySource(String(open.id)) : [];
      const r = await store.reservation(p.reservationId);
      const notice = framedNotice(
        '**A guest needs you**',
        [
          ...(r
            ? [
                { label: 'Guest:', text: r.guestName },
                { label: 'Stay:', text: stayOf(r) },
              ]
            : []),
          { label: 'Reason:', text: reason },
        ],
        row ? `Its draft waits in your approvals (#${row.id}).` : undefined,
      );
      await notifyOwners(notices, notice, 'high');
      return { escalated: true, note: 'The owner has been told and will reply soon.' };
    },
  });
}
