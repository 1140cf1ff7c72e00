// Drafts replies one at a time: runs the guest turn through the engine, stores the draft, and tells the owners.
import type { ReservationPrincipal } from '../../core/auth/principal.ts';
import type { CoreServices } from '../../core/core-services.ts';
import { HttpError } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import { autonomousOk } from './autonomy-policy.ts';
import type { ConciergeStore } from './concierge-store.ts';
import { DRAFT_REPLY_HANDLER } from './draft-reply-handler.ts';
import { draftNotice, notifyOwners } from './owner-notice.ts';

/** The scope every guest session locks to. */
export const CONCIERGE_SCOPE = ['concierge'];

/** A serial queue of messages to draft; `idle()` settles when nothing is queued or running. */
export class DraftQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly running = new Map<string, number>();

  constructor(
    private readonly store: ConciergeStore,
    private readonly core: CoreServices,
    private readonly logger: Logger,
  ) {}

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

  private async turn(principal: ReservationPrincipal, message: string, sessionId: string | null) {
    const request = { principal, message, scope: CONCIERGE_SCOPE };
    if (!sessionId) return this.core.engine.handle(request);
    try {
      return await this.core.engine.handle({ ...request, sessionId });
    } catch (err) {
      // the stored session is gone (or sealed elsewhere): start a fresh one rather than lose the message
      if (err instanceof HttpError && err.status === 404) return this.core.engine.handle(request);
      throw err;
    }
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
      const result = await this.turn(principal, m.guestText, r.sessionId);
      reply = result.reply;
      if (result.sessionId !== r.sessionId) await this.store.setSession(r.id, result.sessionId);
    } catch (err) {
      failure = (err as Error).message;
      this.logger.warn({ err, message: id }, 'could not draft a guest reply');
    } finally {
      this.running.delete(r.id);
    }
    const now = (await this.store.message(id))!;
    const needsYou = Boolean(now.escalationReason) || failure !== null;
    if (autonomousOk({ workspace: r.workspace })) {
      // unreachable today: the policy allows nothing, so every reply waits for the owner
      this.logger.warn(
        { message: id },
        'autonomous sending is not implemented; the draft waits for the owner',
      );
    }
    await this.store.patch(id, {
      state: needsYou ? 'needs_you' : 'draft_ready',
      draft: reply,
      escalationReason: now.escalationReason ?? (failure ? 'I could not draft a reply.' : null),
      lastError: failure ? `drafting failed: ${failure}` : null,
    });
    const stored = (await this.store.message(id))!;
    await notifyOwners(this.core, this.logger, draftNotice(stored, r), needsYou ? 'high' : 'normal', {
      handler: DRAFT_REPLY_HANDLER,
      ref: String(id),
    });
  }
}
