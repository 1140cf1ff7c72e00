// Reads and writes the auto-send policies and decisions.
import { isUniqueViolation } from 'quorra/plugin';
import { type DataSource, MoreThan } from 'typeorm';
import { ConciergeAutonomyDecision } from './autonomy-decision.entity.ts';
import { ConciergeAutonomyPolicy } from './autonomy-policy.entity.ts';
import { type AutonomyPolicy, POLICY_OFF } from './autonomy-policy.ts';

/** A decision as the gate records it. */
export type DecisionInput = Omit<ConciergeAutonomyDecision, 'id' | 'decidedAt'>;

export class AutonomyStore {
  constructor(private readonly db: DataSource) {}

  private get policies() {
    return this.db.getRepository(ConciergeAutonomyPolicy);
  }

  private get decisions() {
    return this.db.getRepository(ConciergeAutonomyDecision);
  }

  /** The workspace's policy; off until the owner saves one. */
  async policy(workspace: string): Promise<AutonomyPolicy> {
    return (await this.policies.findOneBy({ workspace }))?.policy ?? POLICY_OFF;
  }

  async savePolicy(workspace: string, policy: AutonomyPolicy, by: string): Promise<AutonomyPolicy> {
    await this.policies.save({ workspace, policy, updatedBy: by, updatedAt: new Date() });
    return policy;
  }

  /** Replies sent alone for a reservation in the last 24 hours. */
  sentSince(reservationId: string, since: Date): Promise<number> {
    return this.decisions.countBy({ reservationId, outcome: 'sent', decidedAt: MoreThan(since) });
  }

  /**
   * Records the decision for a message once: a second drafting of the same message (after a stop) finds the
   * first decision and keeps it, so a message is never sent alone twice.
   */
  async record(input: DecisionInput): Promise<{ decision: ConciergeAutonomyDecision; first: boolean }> {
    try {
      const decision = await this.decisions.save(this.decisions.create({ ...input, decidedAt: new Date() }));
      return { decision, first: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return { decision: (await this.decided(input.messageId))!, first: false };
    }
  }

  decided(messageId: number): Promise<ConciergeAutonomyDecision | null> {
    return this.decisions.findOneBy({ messageId });
  }

  /** Turns a recorded `sent` into `review` when the send itself failed (the row is back with the owner). */
  async sendFailed(messageId: number, reason: string): Promise<void> {
    const d = await this.decided(messageId);
    if (d) await this.decisions.update({ id: d.id }, { outcome: 'review', reasons: [...d.reasons, reason] });
  }

  /** The latest decisions of a workspace, newest first (the owner's "sent on your behalf" history). */
  recent(workspace: string, limit = 50): Promise<ConciergeAutonomyDecision[]> {
    return this.decisions.find({ where: { workspace }, order: { id: 'DESC' }, take: limit });
  }
}
