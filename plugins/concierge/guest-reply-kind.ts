// The `guest_reply` kind of the approvals queue: a drafted reply to a guest, owner-only, sent once through the PMS.

import type { ApprovalKindDefinition, AuditCapability } from 'quorra/plugin';
import { z } from 'zod';
import { byAutonomy } from './autonomy/autonomy-policy.ts';
import type { ConciergeStore } from './concierge-store.ts';
import type { PmsClient } from './pms-client.ts';

/** A guest reply row's payload: the guest message it answers, what the owner sees of the stay, and the draft. */
export const guestReplyPayload = z
  .object({
    /** The guest message (its concierge_messages id; also the row's source id). */
    message: z.number().int().positive(),
    guest: z.string().max(200),
    property: z.string().max(200).nullable(),
    stay: z.string().max(500),
    text: z.string().max(8000),
    /** Why the turn handed it to the owner, if it did. */
    reason: z.string().max(500).nullable(),
    /** What goes to the guest; empty when drafting failed (the owner writes it). */
    draft: z.string().trim().max(20_000),
  })
  .strict();

export type GuestReply = z.infer<typeof guestReplyPayload>;

/** The kind, over the plugin's store, PMS client and audit trail. */
export function guestReplyKind(d: {
  store: ConciergeStore;
  pms: PmsClient;
  audit: AuditCapability;
}): ApprovalKindDefinition<GuestReply> {
  return {
    kind: 'guest_reply',
    payload: guestReplyPayload,
    audience: 'owners',
    describe: (p) => `Reply to ${p.guest}${p.property ? ` (${p.property})` : ''}`,
    // everything but the labels is a stranger's (the guest's, the PMS's) or the model's text
    fields: (p) => [
      { label: 'Guest', value: p.guest, untrusted: true },
      ...(p.property ? [{ label: 'Property', value: p.property, untrusted: true }] : []),
      { label: 'Stay', value: p.stay, untrusted: true },
      ...(p.reason ? [{ label: 'Needs you because', value: p.reason, untrusted: true }] : []),
      { label: 'Message', value: p.text, untrusted: true },
      { label: 'Draft reply', value: p.draft || '(no draft: write the reply yourself)', untrusted: true },
    ],
    labels: { approve: 'Send', edit: 'Edit and send', reject: 'Discard' },
    edit: { field: 'draft' },
    blocked: (p) =>
      !d.pms.configured()
        ? 'the PMS is not configured (plugins.concierge.settings.pms)'
        : p.draft
          ? null
          : 'there is no draft yet: edit and send your own text',
    async apply(p, ctx) {
      const m = await d.store.message(p.message);
      const r = m && (await d.store.reservation(m.reservationId));
      if (!m || !r) return { ok: false, error: `guest message ${p.message} is gone` };
      // a retry after a stop between the PMS's answer and the row's update: already delivered, nothing to send
      if (m.state === 'sent') return { ok: true, result: `PMS message ${m.pmsMessageId ?? '(no id)'}` };
      const input = { draft: ctx.id, reservation: r.externalId, account: r.account, text: p.draft };
      // a reply the policy sent is nobody's act: audited as the system, under its own tool name
      const alone = byAutonomy(ctx.by);
      const who = {
        userId: alone ? null : ctx.by.userId,
        tool: alone ? 'concierge_autosend' : 'concierge_send',
      };
      try {
        const sent = await d.pms.send(r.externalId, p.draft, ctx.idempotencyKey);
        await d.store.patch(m.id, {
          state: 'sent',
          sentText: p.draft,
          pmsMessageId: sent.id,
          sentBy: ctx.by.userId,
          sentAt: new Date(),
          lastError: null,
        });
        const result = `${alone ? 'Sent on your behalf: ' : ''}PMS message ${sent.id ?? '(no id)'} after ${sent.attempts} attempt(s)`;
        await d.audit.record({
          ...who,
          sessionId: r.sessionId,
          tier: 2,
          input,
          outcome: 'ok',
          detail: result,
        });
        return { ok: true, result };
      } catch (err) {
        const error = (err as Error).message;
        await d.store.patch(m.id, { lastError: error });
        await d.audit.record({
          ...who,
          sessionId: r.sessionId,
          tier: 2,
          input,
          outcome: 'error',
          detail: error,
        });
        return { ok: false, error };
      }
    },
    async settled(row, how) {
      if (row.state !== 'rejected') return;
      await d.store.patch(Number(row.sourceId), { state: 'discarded' });
      await d.audit.record({
        userId: how.by.userId,
        sessionId: null,
        tool: 'concierge_discard',
        tier: 1,
        input: { draft: row.id },
        outcome: 'ok',
      });
    },
  };
}
