// Open guest drafts move onto the approvals queue: each becomes a guest_reply row (owners only), its message `drafted`.

import { ProposedAction } from 'quorra/plugin';
import { In, type MigrationInterface, type QueryRunner } from 'typeorm';
import { GuestMessage } from '../guest-message.entity.ts';
import type { GuestReply } from '../guest-reply-kind.ts';
import { stayOf } from '../owner-notice.ts';
import { ConciergeReservation } from '../reservation.entity.ts';

/** The review states the plugin had before the queue. */
const OLD_OPEN = ['draft_ready', 'needs_you', 'sending'];

export class GuestDraftsToQueue1764810000000 implements MigrationInterface {
  name = 'GuestDraftsToQueue1764810000000';

  async up(q: QueryRunner): Promise<void> {
    const messages = q.manager.getRepository(GuestMessage);
    const open = await messages.find({ where: { state: In(OLD_OPEN) as never }, order: { id: 'ASC' } });
    for (const m of open) {
      const r = await q.manager.getRepository(ConciergeReservation).findOneBy({ id: m.reservationId });
      if (!r) continue;
      const payload: GuestReply = {
        message: m.id,
        guest: r.guestName,
        property: r.property,
        stay: stayOf(r),
        text: m.guestText,
        reason: m.escalationReason,
        draft: m.draft?.trim() ?? '',
      };
      // a send cut off before sends carried an idempotency key may have reached the guest: the owner decides
      const cut = (m.state as string) === 'sending';
      await q.manager.getRepository(ProposedAction).insert({
        userId: null,
        audience: 'owners',
        sourceKind: 'concierge',
        sourceId: String(m.id),
        kind: 'guest_reply',
        payload: payload as never,
        state: cut ? 'failed' : 'draft',
        error: cut
          ? 'Quorra stopped while sending this; check with the guest before sending it again'
          : m.lastError,
        result: null,
        resolvedBy: null,
        createdAt: m.createdAt,
        resolvedAt: null,
      });
      await messages.update({ id: m.id }, { state: 'drafted' });
    }
  }

  /** The rows stay in the queue; their messages read as drafted either way. */
  async down(): Promise<void> {}
}
