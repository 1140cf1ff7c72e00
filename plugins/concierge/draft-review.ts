// The owner's side of a draft: list, send (optionally edited) through the PMS, discard; each owner action is audited.
import type { UserPrincipal } from '../../core/auth/principal.ts';
import { fail } from '../../core/errors.ts';
import type { AuditCapability } from '../../core/plugin/capabilities.ts';
import type { ConciergeStore } from './concierge-store.ts';
import { type GuestMessage, OPEN_STATES } from './guest-message.entity.ts';
import type { PmsClient } from './pms-client.ts';
import type { ConciergeReservation } from './reservation.entity.ts';

/** A draft as the owner sees it over HTTP and in commands. */
export interface DraftView {
  id: number;
  state: GuestMessage['state'];
  guest: string;
  property: string | null;
  check_in: string;
  check_out: string;
  message: string;
  received_at: string;
  draft: string | null;
  escalation_reason: string | null;
  last_error: string | null;
  sent_text: string | null;
  pms_message_id: string | null;
  sent_at: string | null;
}

/** The owner-facing view of a message and its reservation. */
export function draftView(m: GuestMessage, r: ConciergeReservation | null): DraftView {
  return {
    id: m.id,
    state: m.state,
    guest: r?.guestName ?? '',
    property: r?.property ?? null,
    check_in: r?.checkIn ?? '',
    check_out: r?.checkOut ?? '',
    message: m.guestText,
    received_at: m.guestSentAt,
    draft: m.draft,
    escalation_reason: m.escalationReason,
    last_error: m.lastError,
    sent_text: m.sentText,
    pms_message_id: m.pmsMessageId,
    sent_at: m.sentAt?.toISOString() ?? null,
  };
}

/** The review actions, shared by the bang-command and the HTTP routes. */
export class DraftReview {
  constructor(
    private readonly store: ConciergeStore,
    private readonly pms: PmsClient,
    private readonly audit: AuditCapability,
  ) {}

  /** Open drafts (draft_ready, needs_you), oldest first. */
  async open(): Promise<DraftView[]> {
    const rows = await this.store.list(OPEN_STATES);
    return Promise.all(rows.map(async (m) => draftView(m, await this.store.reservation(m.reservationId))));
  }

  private async actionable(id: number): Promise<GuestMessage> {
    const m = await this.store.message(id);
    if (!m) throw fail.notFound(`draft ${id}`);
    if (m.state === 'sent') throw fail.conflict('ALREADY_SENT', `draft ${id} was already sent`);
    if (m.state === 'discarded') throw fail.conflict('DISCARDED', `draft ${id} was discarded`);
    if (!OPEN_STATES.includes(m.state))
      throw fail.conflict(
        'NOT_READY',
        `draft ${id} is ${m.state === 'sending' ? 'being sent' : 'still being drafted'}`,
      );
    return m;
  }

  /** Sends the draft (or `text` instead) to the guest through the PMS; 409 when already sent, 502 when the PMS fails. */
  async send(id: number, by: UserPrincipal, text?: string): Promise<DraftView> {
    if (by.role !== 'owner') throw fail.forbidden('only the owner can send a reply to a guest');
    const m = await this.actionable(id);
    const body = (text ?? m.draft ?? '').trim();
    if (!body) throw fail.badRequest(`draft ${id} has no text; send it with your own text`);
    this.pms.requireConfigured(); // before anything changes
    const r = await this.store.reservation(m.reservationId);
    if (!r) throw fail.notFound(`the reservation of draft ${id}`);
    // claim the draft so a concurrent second send cannot go out twice
    if (!(await this.store.transition(id, [m.state], 'sending'))) {
      await this.actionable(id); // 409 ALREADY_SENT / NOT_READY when another send got there first
      throw fail.conflict('CONFLICT', `draft ${id} changed meanwhile; try again`);
    }
    const input = {
      draft: id,
      reservation: r.externalId,
      account: r.account,
      text: body,
      edited: body !== m.draft,
    };
    try {
      const sent = await this.pms.send(r.externalId, body);
      await this.store.patch(id, {
        state: 'sent',
        sentText: body,
        pmsMessageId: sent.id,
        sentBy: by.userId,
        sentAt: new Date(),
        lastError: null,
      });
      await this.audit.record({
        userId: by.userId,
        sessionId: r.sessionId,
        tool: 'concierge_send',
        tier: 2,
        input,
        outcome: 'ok',
        detail: `PMS message ${sent.id ?? '(no id)'} after ${sent.attempts} attempt(s)`,
      });
    } catch (err) {
      const error = (err as Error).message;
      await this.store.patch(id, { state: m.state, lastError: error });
      await this.audit.record({
        userId: by.userId,
        sessionId: r.sessionId,
        tool: 'concierge_send',
        tier: 2,
        input,
        outcome: 'error',
        detail: error,
      });
      throw err;
    }
    return draftView((await this.store.message(id))!, r);
  }

  /** Discards an open draft; nothing is sent. */
  async discard(id: number, by: UserPrincipal): Promise<DraftView> {
    if (by.role !== 'owner') throw fail.forbidden('only the owner can discard a guest draft');
    const m = await this.actionable(id);
    if (!(await this.store.transition(id, [m.state], 'discarded')))
      throw fail.conflict('CONFLICT', `draft ${id} changed meanwhile; try again`);
    await this.audit.record({
      userId: by.userId,
      sessionId: null,
      tool: 'concierge_discard',
      tier: 1,
      input: { draft: id },
      outcome: 'ok',
    });
    return draftView((await this.store.message(id))!, await this.store.reservation(m.reservationId));
  }
}
