// A queue row as the admin UI's card: structured fields, state, the error of a failed try, and its buttons.
import { z } from 'zod';
import type { ApprovalKindDefinition, ProposalView } from '../contracts/approval-kind.ts';
import type { Registry } from '../contracts/registry.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import { PROPOSAL_AUDIENCES, PROPOSAL_STATES } from './proposed-action.entity.ts';

/** One button: a POST to the core approvals route for its verb; `edit` asks for text first (pre-filled). */
const proposalActionSchema = z.strictObject({
  verb: z.enum(['approve', 'edit', 'reject', 'defer']),
  label: z.string(),
  method: z.literal('POST'),
  path: z.string(),
  edit: z.strictObject({ field: z.literal('text'), initial: z.string() }).nullable(),
  tone: z.enum(['primary', 'danger']).nullable(),
});
type ProposalActionWire = z.output<typeof proposalActionSchema>;

/** The card of one row, as `/approvals*` answer it (and `/openapi.json` publishes it). */
export const proposalSchema = z.strictObject({
  id: z.number(),
  kind: z.string(),
  source: z.string(),
  audience: z.enum(PROPOSAL_AUDIENCES),
  state: z.enum(PROPOSAL_STATES),
  title: z.string(),
  // `untrusted` marks text from a guest or the model: the UI shows it as quoted data, never as a label
  fields: z.array(z.strictObject({ label: z.string(), value: z.string(), untrusted: z.boolean() })),
  error: z.string().nullable(),
  blocked: z.string().nullable(),
  created_at: wireTime,
  actions: z.array(proposalActionSchema),
});

/** The card of one row. */
export function proposalWire(
  v: ProposalView,
  kinds: Registry<ApprovalKindDefinition<any>>,
): z.output<typeof proposalSchema> {
  const def = kinds.get(v.kind);
  const labels = def?.labels ?? {};
  const path = (verb: string) => `/approvals/${v.id}/${verb}`;
  const action = (
    verb: ProposalActionWire['verb'],
    label: string,
    extra: Partial<ProposalActionWire> = {},
  ): ProposalActionWire => ({
    verb,
    label,
    method: 'POST',
    path: path(verb),
    edit: null,
    tone: null,
    ...extra,
  });
  const edit = def?.edit;
  const actions = [
    ...(v.blocked ? [] : [action('approve', labels.approve ?? 'Approve', { tone: 'primary' })]),
    ...(edit
      ? [
          action('edit', labels.edit ?? 'Edit', {
            edit: { field: 'text', initial: 'field' in edit ? String(v.payload[edit.field] ?? '') : '' },
          }),
        ]
      : []),
    action('reject', labels.reject ?? 'Reject', { tone: 'danger' }),
    ...(v.state === 'deferred' ? [] : [action('defer', 'Defer')]),
  ];
  return {
    id: v.id,
    kind: v.kind,
    source: v.sourceKind,
    audience: v.audience,
    state: v.state,
    title: v.summary,
    fields: v.fields.map((f) => ({ label: f.label, value: f.value, untrusted: f.untrusted ?? false })),
    error: v.error,
    blocked: v.blocked,
    created_at: v.createdAt,
    actions,
  };
}
