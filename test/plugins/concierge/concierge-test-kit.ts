// Shared setup for the concierge tests: the app with the PMS double and scripted model, signed webhooks, a hosting workspace.

import { signBody } from '../../../core/http/request-signature.ts';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { GuestMessage } from '../../../plugins/concierge/guest-message.entity.ts';
import type { ConciergeApi } from '../../../plugins/concierge/index.ts';
import { ConciergeReservation } from '../../../plugins/concierge/reservation.entity.ts';
import { type BootedApp, type BootOptions, bootApp } from '../../support/boot-app.ts';
import { addUser, readResponse, type TestUser } from '../../support/household.ts';
import type { ScriptedModelServer } from '../../support/model-server.ts';
import type { PmsServer } from '../../support/pms-server.ts';

export const SECRET = 'test-webhook-secret-0123456789';
export const ACCOUNT = 'acct-lake';

/** The booted app, its owner and member, and the hosting workspace slug. */
export interface ConciergeWorld {
  app: BootedApp;
  owner: TestUser;
  member: TestUser;
  workspace: string;
}

/** The app config with concierge settings pointing at the PMS double (`extra` overrides settings). */
export function conciergeConfig(pms: PmsServer | null, extra: Record<string, unknown> = {}) {
  return {
    plugins: {
      knowledge: { settings: { watch: false } },
      concierge: {
        settings: {
          webhookSecret: SECRET,
          ...(pms ? { pms: { baseUrl: pms.url, apiKey: 'pms-key-1' } } : {}),
          accounts: [{ account: ACCOUNT, workspace: 'lake-house' }],
          retryDelayMs: 1,
          ...extra,
        },
      },
    },
  };
}

/** Boots the app with concierge settings pointing at the PMS double, and a hosting workspace binding `concierge`. */
export async function bootConcierge(
  model: ScriptedModelServer,
  pms: PmsServer | null,
  extra: Record<string, unknown> = {},
  boot: Pick<BootOptions, 'logger' | 'dataDir'> = {},
): Promise<ConciergeWorld> {
  const app = await bootApp({ ...boot, model, config: conciergeConfig(pms, extra) });
  const owner = await addUser(app, 'Olivia');
  const member = await addUser(app, 'Max', 'member');
  const ws = await app.quorra.workspaces.create(
    { name: 'Lake House', kind: 'hosting', services: ['general', 'concierge'] },
    owner.id,
  );
  return { app, owner, member, workspace: ws.slug };
}

let seq = 0;

/** A guest message event; `over` replaces parts of it. */
export function guestEvent(
  text: string,
  over: { account?: string; reservation?: Record<string, unknown>; messageId?: string } = {},
) {
  seq++;
  return {
    event: 'guest_message',
    account: over.account ?? ACCOUNT,
    reservation: {
      id: 'R-100',
      guest_name: 'Anna Berg',
      check_in: '2026-08-01',
      check_out: '2026-08-05',
      property: 'Lake House',
      status: 'confirmed',
      ...over.reservation,
    },
    message: { id: over.messageId ?? `M-${Date.now()}-${seq}`, text, sent_at: '2026-07-30T10:00:00Z' },
  };
}

/** The unix time in seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * POSTs a webhook body, timestamped now (or `timestamp`; null: no header) and signed with `secret` unless
 * `signature` is given (null: no header).
 */
export async function postWebhook(
  app: BootedApp,
  payload: unknown,
  opts: { secret?: string; signature?: string | null; raw?: string; timestamp?: number | null } = {},
): Promise<{ status: number; json: any }> {
  const raw = opts.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const ts = opts.timestamp === undefined ? nowSeconds() : opts.timestamp;
  if (ts !== null) headers['x-quorra-timestamp'] = String(ts);
  const signature =
    opts.signature === undefined ? signBody(opts.secret ?? SECRET, ts ?? nowSeconds(), raw) : opts.signature;
  if (signature !== null) headers['x-quorra-signature'] = signature;
  return readResponse(
    await fetch(`${app.url}/plugins/concierge/webhook`, { method: 'POST', headers, body: raw }),
  );
}

/** Waits until every queued draft is written. */
export function idle(app: BootedApp): Promise<void> {
  return app.quorra.plugins.api<ConciergeApi>('concierge')!.idle();
}

/** Posts a signed guest message and waits for its draft; returns the webhook answer. */
export async function deliver(app: BootedApp, payload: unknown) {
  const res = await postWebhook(app, payload);
  await idle(app);
  return res;
}

const messageRepo = (app: BootedApp) => app.quorra.db.getRepository(GuestMessage);
const reservationRepo = (app: BootedApp) => app.quorra.db.getRepository(ConciergeReservation);

/** Rows of the concierge tables, the approvals queue and the outbox. */
export const rows = {
  /** The guest_reply row filed for a guest message. */
  proposal: async (app: BootedApp, messageId: number) => {
    const [row] = await app.quorra.approvals.bySource('concierge', String(messageId));
    if (!row) throw new Error(`no guest_reply row for message ${messageId}`);
    return row;
  },
  messages: (app: BootedApp) => messageRepo(app).find({ order: { id: 'ASC' } }),
  message: (app: BootedApp, id: number) => messageRepo(app).findOneByOrFail({ id }),
  reservations: (app: BootedApp) => reservationRepo(app).find(),
  outbox: (app: BootedApp) => app.quorra.db.getRepository(OutboxItem).find({ order: { createdAt: 'ASC' } }),
};
