// A queue row as the admin UI's card: structured fields, state, the error of a failed try, and its buttons.
import type { Registry } from '../registry.ts';
import type { ApprovalKindDefinition, ProposalView } from './approval-kind.ts';

/** One button: a POST to the core approvals route for its verb. */
export interface ProposalActionWire {
  verb: 'approve' | 'edit' | 'reject' | 'defer';
  label: string;
  method: 'POST';
  path: string;
  /** Asks for text first (pre-filled) and sends it as `{text}`. */
  edit: { field: 'text'; initial: string } | null;
  tone: 'primary' | 'danger' | null;
}

/** The card of one row. */
export function proposalWire(v: ProposalView, kinds: Registry<ApprovalKindDefinition<any>>) {
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
