// Concierge: PMS guest messages become drafted replies (guest persona, concierge scope), guest_reply rows of the approvals queue only the owner can send.
import { definePlugin } from 'quorra/plugin';
import type { KnowledgeApi } from '../knowledge/index.ts';
import { AutoSender } from './autonomy/auto-sender.ts';
import { ConciergeAutonomyDecision } from './autonomy/autonomy-decision.entity.ts';
import { ConciergeAutonomyPolicy } from './autonomy/autonomy-policy.entity.ts';
import { addAutonomyRoutes } from './autonomy/autonomy-routes.ts';
import { AutonomyStore } from './autonomy/autonomy-store.ts';
import { conciergeScope } from './concierge-scope.ts';
import { conciergeSettings } from './concierge-settings.ts';
import { ConciergeStore } from './concierge-store.ts';
import { DraftQueue } from './draft-queue.ts';
import { GuestMessage } from './guest-message.entity.ts';
import { guestReplyKind } from './guest-reply-kind.ts';
import { CreateConcierge1764550000000 } from './migrations/1764550000000-create-concierge.ts';
import { GuestDraftsToQueue1764810000000 } from './migrations/1764810000000-guest-drafts-to-queue.ts';
import { CreateConciergeAutonomy1765437000000 } from './migrations/1765437000000-create-autonomy.ts';
import { PmsClient } from './pms-client.ts';
import { ConciergeReservation } from './reservation.entity.ts';
import { checkThisBooking } from './tools/check-this-booking.ts';
import { escalateToOwner } from './tools/escalate-to-owner.ts';
import { webhookRoute } from './webhook-route.ts';

/** What the plugin exposes to tests and dependents. */
export interface ConciergeApi {
  /** Resolves once every queued guest message has its draft stored and the owners notified. */
  idle(): Promise<void>;
}

export default definePlugin({
  id: 'concierge',
  description:
    'Drafts replies to rental guests from PMS webhooks; the owner approves each send, or lets easy questions go out alone.',
  // the guest information the drafts answer from, and the auto-send grounding checks against, is knowledge's
  dependsOn: ['knowledge'],
  settings: conciergeSettings,
  entities: [ConciergeReservation, GuestMessage, ConciergeAutonomyPolicy, ConciergeAutonomyDecision],
  migrations: [
    CreateConcierge1764550000000,
    GuestDraftsToQueue1764810000000,
    CreateConciergeAutonomy1765437000000,
  ],
  async testConnection(settings) {
    if (!settings.pms) return { ok: false, message: 'there is no PMS address and key to try yet.' };
    const pms = new PmsClient({
      pms: settings.pms,
      attempts: 1,
      retryDelayMs: 0,
      timeoutMs: settings.pmsTimeoutMs,
    });
    return pms.probe();
  },
  async activate(ctx): Promise<ConciergeApi> {
    const { settings } = ctx;
    const store = new ConciergeStore(ctx.db);
    const autonomy = new AutonomyStore(ctx.db);
    const autoSender = new AutoSender({
      store: autonomy,
      approvals: ctx.approvals,
      model: ctx.model,
      knowledge: ctx.dependency<KnowledgeApi>('knowledge'),
      logger: ctx.logger,
    });
    const queue = new DraftQueue(store, ctx, autoSender);
    ctx.onDispose(() => queue.idle());
    const pms = new PmsClient({
      pms: settings.pms,
      attempts: settings.sendAttempts,
      retryDelayMs: settings.retryDelayMs,
      timeoutMs: settings.pmsTimeoutMs,
    });

    if (!settings.pms)
      ctx.needsSetup({
        what: 'Add your property-management system (PMS) address and key, so approved guest replies can be sent.',
        field: 'pms',
      });
    ctx.prompts.add(conciergeScope);
    ctx.tools.add(checkThisBooking(store));
    ctx.tools.add(escalateToOwner(store, queue, ctx));
    ctx.approvals.registerKind(guestReplyKind({ store, pms, audit: ctx.audit }));
    ctx.http.route(webhookRoute({ settings, store, queue, workspaces: ctx.workspaces }));
    addAutonomyRoutes({ http: ctx.http, store: autonomy, workspaces: ctx.workspaces, audit: ctx.audit });
    ctx.healthCheck(async () => ({
      status: 'ok',
      webhook: settings.webhookSecret ? 'configured' : 'off (no webhookSecret)',
      pms: settings.pms ? 'configured' : 'off (no pms)',
      openDrafts: (await store.list(['drafted'])).length,
    }));
    // messages stored before a restart but never drafted
    for (const m of await store.list(['drafting'])) queue.enqueue(m.id);
    return { idle: () => queue.idle() };
  },
});
