// GET /approvals: what waits on the signed-in person — tier-2 confirmations and plugin items (e.g. guest drafts).
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

/** Both kinds of approvals waiting on the caller. */
export interface Approvals {
  confirmations: PendingApproval[];
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
