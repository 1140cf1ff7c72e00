// POST /plugins/concierge/webhook: the PMS's guest messages, signed and timestamped, stored and queued for drafting.
import type Router from '@koa/router';
import { HttpError, httpErrors } from '../../core/errors.ts';
import type { WorkspaceStore } from '../../core/workspaces/workspace-store.ts';
import type { ConciergeSettings } from './concierge-settings.ts';
import type { ConciergeStore } from './concierge-store.ts';
import type { DraftQueue } from './draft-queue.ts';
import { guestMessageEvent } from './webhook-event.ts';
import { signatureProblem } from './webhook-signature.ts';

/** The header carrying `sha256=<hex>` of `<timestamp>.<raw body>`. */
export const SIGNATURE_HEADER = 'x-quorra-signature';
/** The header carrying the unix time (seconds) the sender signed at. */
export const TIMESTAMP_HEADER = 'x-quorra-timestamp';

/** Mounts the webhook; it answers 202 once the message is stored and drafts after the response. */
export function addWebhookRoute(
  router: Router,
  deps: { settings: ConciergeSettings; store: ConciergeStore; queue: DraftQueue; workspaces: WorkspaceStore },
): void {
  router.post('/webhook', async (http) => {
    const secret = deps.settings.webhookSecret;
    if (!secret)
      throw new HttpError(
        503,
        'WEBHOOK_NOT_CONFIGURED',
        'the concierge webhook has no secret (plugins.concierge.settings.webhookSecret)',
      );
    const raw = (http.request as { rawBody?: string }).rawBody ?? '';
    const problem = signatureProblem(
      secret,
      raw,
      http.get(SIGNATURE_HEADER) || undefined,
      http.get(TIMESTAMP_HEADER) || undefined,
    );
    if (problem) throw httpErrors.unauthorized(problem);
    const event = guestMessageEvent.parse((http.request as { body?: unknown }).body ?? {});
    const mapping = deps.settings.accounts.find((a) => a.account === event.account);
    if (!mapping)
      throw new HttpError(
        422,
        'UNKNOWN_ACCOUNT',
        `PMS account "${event.account}" is not mapped to a workspace`,
        {
          account: event.account,
        },
      );
    const ws = await deps.workspaces.get(mapping.workspace);
    if (ws?.kind !== 'hosting' || !ws.personas.includes('guest-concierge'))
      throw new HttpError(
        422,
        'WORKSPACE_NOT_HOSTING',
        `PMS account "${event.account}" maps to "${mapping.workspace}", which is not a hosting workspace offering the guest concierge`,
      );
    const { message, reservation, duplicate } = await deps.store.intake(event, ws.slug);
    if (!duplicate) deps.queue.enqueue(message.id);
    http.status = duplicate ? 200 : 202;
    http.body = { draft: message.id, reservation: reservation.externalId, state: message.state, duplicate };
  });
}
