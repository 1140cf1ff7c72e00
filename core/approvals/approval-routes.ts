// The approvals queue over HTTP: what waits on the caller, and approve / edit / reject / defer by row id.
import { z } from 'zod';
import type { ApprovalKindDefinition, ProposalView } from '../contracts/approval-kind.ts';
import type { ApprovalSource } from '../contracts/contributions.ts';
import { fail } from '../contracts/errors.ts';
import type { Registry } from '../contracts/registry.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import { confirmationSchema, confirmationWire } from '../engine/confirmation-wire.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { proposalSchema, proposalWire } from './approval-wire.ts';
import { collectApprovals } from './pending-approvals.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const remember = z.string().trim().max(500).optional();
const oneProposal = z.strictObject({ proposal: proposalSchema });
/** Another plugin's pending item: its buttons call that plugin's own routes. */
const otherItem = z.strictObject({
  source: z.string(),
  description: z.string(),
  hint: z.string().nullable(),
  created_at: wireTime.nullable(),
  actions: z.array(
    z.strictObject({
      label: z.string(),
      method: z.literal('POST'),
      path: z.string(),
      edit: z.strictObject({ field: z.string(), initial: z.string() }).nullable(),
      tone: z.enum(['primary', 'danger']).nullable(),
    }),
  ),
});

/** GET /approvals on the wire (the admin UI's type of it too). */
export const approvalsReply = z.strictObject({
  confirmations: z.array(confirmationSchema),
  proposals: z.array(proposalSchema),
  other: z.array(otherItem),
});

/** GET /approvals and POST /approvals/:id/{approve,edit,reject,defer}; a row outside the caller's view is 404. */
export function approvalRoutes(d: {
  queue: ApprovalQueue;
  kinds: Registry<ApprovalKindDefinition<any>>;
  sources: Registry<ApprovalSource>;
  confirmations: ConfirmationStore;
}) {
  const wire = (v: ProposalView) => proposalWire(v, d.kinds);
  /** An apply that failed is an upstream failure for the caller; the row is back in review with the error. */
  const applied = (v: ProposalView) => {
    if (v.state === 'failed')
      throw fail.upstream('APPLY_FAILED', v.error ?? 'applying failed', { proposal: wire(v) });
    return { proposal: wire(v) };
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/approvals',
      auth: 'member',
      summary: 'Everything waiting on the caller: confirmations, queued proposals, and other plugin items',
      response: approvalsReply,
      handler: async ({ principal }) => {
        const confirmations = await d.confirmations.pendingForUser(principal.userId);
        const proposals = await d.queue.pending(principal);
        const other = (await collectApprovals(d.sources.list(), principal)).map((a) => ({
          source: a.source,
          description: a.description,
          hint: a.hint ?? null,
          created_at: a.createdAt ?? null,
          actions: (a.actions ?? []).map((x) => ({
            label: x.label,
            method: 'POST' as const,
            path: x.path,
            edit: x.edit ?? null,
            tone: x.tone ?? null,
          })),
        }));
        return { confirmations: confirmations.map(confirmationWire), proposals: proposals.map(wire), other };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/approvals/:id',
      auth: 'member',
      summary: 'One queued proposal the caller may see',
      params: idParam,
      response: oneProposal,
      handler: async ({ principal, params }) => ({ proposal: wire(await d.queue.get(params.id, principal)) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/approvals/:id/approve',
      auth: 'member',
      summary:
        'Approve (optionally with changed fields): applied once by its producer; a failure returns it to review (502)',
      params: idParam,
      body: z.object({ edit: z.record(z.string(), z.unknown()).optional(), remember }).strict(),
      response: oneProposal,
      handler: async ({ principal, params, body }) =>
        applied(await d.queue.approve(params.id, principal, body)),
    }),
    defineRoute({
      method: 'POST',
      path: '/approvals/:id/edit',
      auth: 'member',
      summary:
        'Edit in words: a guest reply is sent with your text; a notepad proposal is triaged again with it',
      params: idParam,
      body: z.object({ text: z.string().trim().min(1).max(8000), remember }).strict(),
      // `revised` is what the producer made of the words (the notepad: its triage of the jot again)
      response: z.strictObject({ proposal: proposalSchema, revised: z.unknown().optional() }),
      handler: async ({ principal, params, body }) => {
        const r = await d.queue.edit(params.id, principal, body.text, body);
        return 'applied' in r ? applied(r.applied) : { proposal: wire(r.withdrawn), revised: r.revised };
      },
    }),
    ...(['reject', 'defer'] as const).map((verb) =>
      defineRoute({
        method: 'POST',
        path: `/approvals/:id/${verb}`,
        auth: 'member',
        summary: verb === 'reject' ? 'Reject (discard) a proposal' : 'Defer a proposal: it stays open',
        params: idParam,
        body: z.object({ remember }).strict(),
        response: oneProposal,
        handler: async ({ principal, params, body }) => ({
          proposal: wire(await d.queue[verb](params.id, principal, body)),
        }),
      }),
    ),
  ];
}
