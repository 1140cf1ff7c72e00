// Concierge: PMS guest messages become drafted replies (guest persona, concierge scope), guest_reply rows of the approvals queue only the owner can send.
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { conciergeScope } from './concierge-scope.ts';
import { conciergeSettings } from './concierge-settings.ts';
import { ConciergeStore } from './concierge-store.ts';
import { DraftQueue } from './draft-queue.ts';
import { GuestMessage } from './guest-message.entity.ts';
import { guestReplyKind } from './guest-reply-kind.ts';
import { CreateConcierge1764550000000 } from './migrations/1764550000000-create-concierge.ts';
import { GuestDraftsToQueue1764810000000 } from './migrations/1764810000000-guest-drafts-to-queue.ts';
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
  description: 'Drafts replies to rental guests from PMS webhooks; the owner approves every send.',
  settings: conciergeSettings,
  entities: [ConciergeReservation, GuestMessage],
  migrations: [CreateConcierge1764550000000, GuestDraftsToQueue1764810000000],
  async activate(ctx): Promise<ConciergeApi> {
    const { settings } = ctx;
    const store = new ConciergeStore(ctx.db);
    const queue = new DraftQueue(store, ctx);
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
