// After a draft is filed: asks the gate, sends through the approvals queue as the policy (claimed once), records why.
import type { ApprovalsCapability, Logger, ModelClient } from 'quorra/plugin';
import type { KnowledgeApi } from '../../knowledge/index.ts';
import type { GuestMessage } from '../guest-message.entity.ts';
import type { ConciergeReservation } from '../reservation.entity.ts';
import { decideAutonomy } from './autonomy-gate.ts';
import { AUTONOMY_APPROVER } from './autonomy-policy.ts';
import type { AutonomyStore } from './autonomy-store.ts';
import { classifyGuestMessage } from './guest-classifier.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What happened to a filed draft: sent alone, kept for the owner (with why), or the policy is off. */
export type AutoOutcome =
  | { kind: 'off' }
  | { kind: 'review'; reasons: string[] }
  | { kind: 'sent'; category: string; confidence: number; sources: string[] };

export class AutoSender {
  constructor(
    private readonly d: {
      store: AutonomyStore;
      approvals: ApprovalsCapability;
      model: ModelClient;
      knowledge: KnowledgeApi;
      logger: Logger;
    },
  ) {}

  /** Considers one freshly filed guest_reply row; never throws (a failure keeps the draft with the owner). */
  async consider(
    m: GuestMessage,
    r: ConciergeReservation,
    rowId: number,
    draft: string,
  ): Promise<AutoOutcome> {
    const policy = await this.d.store.policy(r.workspace);
    if (!policy.enabled) return { kind: 'off' };
    try {
      const decision = await decideAutonomy(
        { policy, message: m.guestText, draft, booking: r },
        {
          classify: (text) => classifyGuestMessage(this.d.model, text),
          guestPassages: async (query) =>
            (await this.d.knowledge.searchGuestWindow(r.workspace, query, 3)).map((h) => ({
              name: h.title ?? h.path.split('/').at(-1) ?? 'a guest document',
              text: h.text,
            })),
          sentToday: () => this.d.store.sentSince(r.id, new Date(Date.now() - DAY_MS)),
        },
      );
      const base = {
        messageId: m.id,
        reservationId: r.id,
        workspace: r.workspace,
        category: decision.category,
        confidence: decision.confidence,
        sources: decision.sources,
      };
      if (!decision.send) {
        await this.d.store.record({ ...base, outcome: 'review', reasons: decision.reasons });
        return { kind: 'review', reasons: decision.reasons };
      }
      const { first } = await this.d.store.record({ ...base, outcome: 'sent', reasons: [] });
      if (!first) return { kind: 'review', reasons: ['this message was already considered once'] };
      const applied = await this.d.approvals.approve(rowId, AUTONOMY_APPROVER).catch((err) => {
        this.d.logger.warn({ err, message: m.id }, 'an auto-send could not be applied');
        return null;
      });
      if (applied?.state !== 'applied') {
        const reason = 'sending it failed, so it waits for you';
        await this.d.store.sendFailed(m.id, reason);
        return { kind: 'review', reasons: [reason] };
      }
      return {
        kind: 'sent',
        category: decision.category!,
        confidence: decision.confidence!,
        sources: decision.sources,
      };
    } catch (err) {
      this.d.logger.warn({ err, message: m.id }, 'the auto-send check failed; the draft waits for the owner');
      return { kind: 'review', reasons: ['the auto-send check could not finish'] };
    }
  }
}
