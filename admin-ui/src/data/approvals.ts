// GET /approvals: what waits on the signed-in person — tier-2 confirmations, queued proposals (guest drafts too), plugin items.
import type { z } from 'zod';
import type { approvalsReply } from '../../../core/approvals/approval-routes.ts';
import type { replySchema } from '../../../core/engine/chat-routes.ts';
import { apiRequest } from './api-client.ts';

/** Everything waiting on the caller: the route's zod schema is the type, so a changed reply breaks this check. */
export type Approvals = z.input<typeof approvalsReply>;
/** One pending confirmation. */
export type PendingApproval = Approvals['confirmations'][number];
/** Something a plugin is waiting on the person for, with how to answer it. */
export type OtherApproval = Approvals['other'][number];
/** A button for a plugin's approval: one call to the plugin's own route. */
export type ApprovalAction = OtherApproval['actions'][number];
/** A row of the approvals queue (a notepad proposal, a guest reply draft, …) as a card. */
export type Proposal = Approvals['proposals'][number];
/** One labelled field of a proposal card; `untrusted` text (a guest's, the model's) is shown as data only. */
export type ProposalField = Proposal['fields'][number];
/** A button of a proposal: one POST to the core approvals route for its verb. */
export type ProposalAction = Proposal['actions'][number];

/** The caller's pending approvals. */
export function listApprovals(): Promise<Approvals> {
  return apiRequest<Approvals>('/approvals');
}

/** Confirms or cancels a tier-2 action exactly as answering in chat does (POST /chat with its confirmation id). */
export async function answerConfirmation(p: PendingApproval, confirm: boolean): Promise<string> {
  const r = await apiRequest<z.input<typeof replySchema>>('/chat', {
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
