// POST /plugins/concierge/webhook: the PMS's guest messages, signed and timestamped, stored and queued for drafting.

import { defineRoute, fail, type WorkspacesCapability, withStatus } from 'quorra/plugin';
import type { ConciergeSettings } from './concierge-settings.ts';
import type { ConciergeStore } from './concierge-store.ts';
import type { DraftQueue } from './draft-queue.ts';
import { guestMessageEvent } from './webhook-event.ts';

/** The header carrying `sha256=<hex>` of `<timestamp>.<raw body>`. */
export const SIGNATURE_HEADER = 'x-quorra-signature';
/** The header carrying the unix time (seconds) the sender signed at. */
export const TIMESTAMP_HEADER = 'x-quorra-timestamp';

/** The webhook route; it answers 202 once the message is stored and drafts after the response. */
export function webhookRoute(deps: {
  settings: ConciergeSettings;
  store: ConciergeStore;
  queue: DraftQueue;
  workspaces: WorkspacesCapability;
}) {
  return defineRoute({
    method: 'POST',
    path: '/webhook',
    auth: 'signed',
    summary: 'A guest message from the PMS; stored, then a reply is drafted for the owner',
    body: guestMessageEvent,
    signature: {
      header: SIGNATURE_HEADER,
      timestampHeader: TIMESTAMP_HEADER,
      secret: () => {
        const secret = deps.settings.webhookSecret;
        if (!secret)
          throw fail.unavailable(
            'WEBHOOK_NOT_CONFIGURED',
            'the concierge webhook has no secret (plugins.concierge.settings.webhookSecret)',
          );
        return secret;
      },
    },
    async handler({ body: event }) {
      const mapping = deps.settings.accounts.find((a) => a.account === event.account);
      if (!mapping)
        throw fail.unprocessable(
          'UNKNOWN_ACCOUNT',
          `PMS account "${event.account}" is not mapped to a workspace`,
          {
            account: event.account,
          },
        );
      const ws = await deps.workspaces.get(mapping.workspace);
      if (ws?.kind !== 'hosting' || !ws.personas.includes('guest-concierge'))
        throw fail.unprocessable(
          'WORKSPACE_NOT_HOSTING',
          `PMS account "${event.account}" maps to "${mapping.workspace}", which is not a hosting workspace offering the guest concierge`,
        );
      const { message, reservation, duplicate } = await deps.store.intake(event, ws.slug);
      if (!duplicate) deps.queue.enqueue(message.id);
      return withStatus(duplicate ? 200 : 202, {
        draft: message.id,
        reservation: reservation.externalId,
        state: message.state,
        duplicate,
      });
    },
  });
}
