// Drafts replies one at a time: runs the guest turn through the engine, files the draft as a guest_reply row of the approvals queue, and tells the owners.

import {
  APPROVAL_REPLY_HANDLER,
  type ApprovalsCapability,
  type ReservationPrincipal,
  type TurnsCapability,
} from 'quorra/plugin';
import type { AutoSender } from './autonomy/auto-sender.ts';
import { keptForYouParagraph, sentOnYourBehalfNotice } from './autonomy/autonomy-notice.ts';
import type { ConciergeStore } from './concierge-store.ts';
import type { GuestReply } from './guest-reply-kind.ts';
import { draftNotice, notifyOwners, type OwnerNoticeDeps, stayOf } from './owner-notice.ts';

/** The scope every guest session locks to. */
export const CONCIERGE_SCOPE = ['concierge'];

/** A serial queue of messages to draft; `idle()` settles when nothing is queued or running. */
export class DraftQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly running = new Map<string, number>();

  constructor(
    private readonly store: ConciergeStore,
    private readonly d: OwnerNoticeDeps & { turns: TurnsCapability; approvals: ApprovalsCapability },
    private readonly autoSender?: AutoSender,
  ) {}

  private get logger() {
    return this.d.logger;
  }

  /** Queues a stored message (state `drafting`) for drafting. */
  enqueue(messageId: number): void {
    this.tail = this.tail
      .then(() => this.draft(messageId))
      .catch((err) => this.logger.error({ err, message: messageId }, 'concierge drafting failed'));
  }

  /** Resolves once every queued draft has been written (tests and shutdown await it). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
  }

  /** The message whose reply is being drafted for a reservation right now, if any. */
  pendingFor(reservationId: string): number | undefined {
    return this.running.get(reservationId);
  }

  private async draft(id: number): Promise<void> {
    const m = await this.store.message(id);
    if (m?.state !== 'drafting') return;
    const r = await this.store.reservation(m.reservationId);
    if (!r) throw new Error(`message ${id} has no reservation`);
    const principal: ReservationPrincipal = {
      kind: 'reservation',
      reservationId: r.id,
      workspace: r.workspace,
    };
    let reply: string | null = null;
    let failure: string | null = null;
    this.running.set(r.id, id);
    try {
      const outcome = await this.d.turns.run({
        principal,
        persona: 'guest-concierge',
        message: m.guestText,
        scope: CONCIERGE_SCOPE,
        workspace: r.workspace,
        sessionId: r.sessionId,
      });
      if (outcome.kind === 'reply') {
        reply = outcome.reply;
        if (outcome.sessionId !== r.sessionId) await this.store.setSession(r.id, outcome.sessionId);
      } else {
        failure = outcome.error.message;
        this.logger.warn({ err: outcome.error, message: id }, 'could not draft a guest reply');
      }
    } catch (err) {
      failure = (err as Error).message;
      this.logger.warn({ err, message: id }, 'could not draft a guest reply');
    } finally {
      this.running.delete(r.id);
    }
    const now = (await this.store.message(id))!;
    const needsYou = Boolean(now.escalationReason) || failure !== null;
    await this.store.patch(id, {
      draft: reply,
      escalationReason: now.escalationReason ?? (failure ? 'I could not draft a reply.' : null),
      lastError: failure ? `drafting failed: ${failure}` : null,
    });
    const stored = (await this.store.message(id))!;
    // filed before the message leaves `drafting`: a stop in between re-drafts it, and finds the row already filed
    const [filed] = await this.d.approvals.bySource(String(id));
    const payload: GuestReply = {
      message: id,
      guest: r.guestName,
      property: r.property,
      stay: stayOf(r),
      text: stored.guestText,
      reason: stored.escalationReason,
      draft: reply?.trim() ?? '',
    };
    const row =
      filed ?? (await this.d.approvals.propose({ kind: 'guest_reply', sourceId: String(id), payload }));
    await this.store.patch(id, { state: 'drafted' });
    if (filed) return;
    // only a fresh row with a draft nobody flagged is considered; a re-draft after a stop finds its row filed
    const auto =
      !needsYou && payload.draft
        ? await this.autoSender?.consider(stored, r, row.id, payload.draft)
        : undefined;
    if (auto?.kind === 'sent') {
      await notifyOwners(
        this.d,
        sentOnYourBehalfNotice(stored, r, row.id, { ...auto, draft: payload.draft }),
        'normal',
      );
      return;
    }
    const kept = auto?.kind === 'review' ? keptForYouParagraph(auto.reasons) : undefined;
    await notifyOwners(this.d, draftNotice(stored, r, row.id, kept), needsYou ? 'high' : 'normal', {
      handler: APPROVAL_REPLY_HANDLER,
      ref: String(row.id),
    });
  }
}
