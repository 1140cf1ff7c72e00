// GET /approvals: what waits on the signed-in person — tier-2 confirmations, queued proposals (guest drafts too), plugin items.
import { apiRequest } from './api-client.ts';

/** One pending confirmation. */
export interface PendingApproval {
  id: string;
  session_id: string;
  tool: string;
  description: string;
  created_at: string;
  expires_at: string;
}

/** A button for a plugin's approval: one call to the plugin's own route. */
export interface ApprovalAction {
  label: string;
  method: 'POST';
  path: string;
  /** Ask for text first (pre-filled) and send it as `{[field]: text}`. */
  edit: { field: string; initial: string } | null;
  tone: 'primary' | 'danger' | null;
}

/** Something a plugin is waiting on the person for, with how to answer it. */
export interface OtherApproval {
  source: string;
  description: string;
  hint: string | null;
  created_at: string | null;
  actions: ApprovalAction[];
}

/** One labelled field of a proposal card; `untrusted` text (a guest's, the model's) is shown as data only. */
export interface ProposalField {
  label: string;
  value: string;
  untrusted: boolean;
}

/** A button of a proposal: one POST to the core approvals route for its verb. */
export interface ProposalAction {
  verb: 'approve' | 'edit' | 'reject' | 'defer';
  label: string;
  method: 'POST';
  path: string;
  edit: { field: 'text'; initial: string } | null;
  tone: 'primary' | 'danger' | null;
}

/** A row of the approvals queue (a notepad proposal, a guest reply draft, …) as a card. */
export interface Proposal {
  id: number;
  kind: string;
  source: string;
  state: string;
  title: string;
  fields: ProposalField[];
  error: string | null;
  blocked: string | null;
  created_at: string;
  actions: ProposalAction[];
}

/** Everything waiting on the caller. */
export interface Approvals {
  confirmations: PendingApproval[];
  proposals: Proposal[];
  other: OtherApproval[];
}

/** The caller's pending approvals. */
export function listApprovals(): Promise<Approvals> {
  return apiRequest<Approvals>('/approvals');
}

/** Confirms or cancels a tier-2 action exactly as answering in chat does (POST /chat with its confirmation id). */
export async function answerConfirmation(p: PendingApproval, confirm: boolean): Promise<string> {
  const r = await apiRequest<{ reply: string }>('/chat', {
    method: 'POST',
    body: { session_id: p.session_id, confirmation_id: p.id, message: confirm ? 'yes' : 'no' },
  });
  return r.reply;
}

/** Runs one of a plugin approval's actions (with the edited text, when it asks for one). */
export async function runApprovalAction(action: ApprovalAction, text?: string): Promise<void> {
  if (!action.path.startsWith('/plugins/')) throw new Error('refusing an action outside /plugins/');
  await apiRequest(action.path, {
    method: 'POST',
    body: action.edit && text !== undefined ? { [action.edit.field]: text } : {},
  });
}

/** Runs one of a proposal's actions (with the person's text for Edit); a failed apply comes back as an error to show. */
export async function runProposalAction(action: ProposalAction, text?: string): Promise<void> {
  if (!/^\/approvals\/\d+\/(approve|edit|reject|defer)$/.test(action.path))
    throw new Error('refusing an action outside /approvals/');
  await apiRequest(action.path, { method: 'POST', body: action.edit ? { text: text ?? '' } : {} });
}
