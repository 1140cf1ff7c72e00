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

/** Something a plugin is waiting on the person for, with how to answer it. */
export interface OtherApproval {
  source: string;
  description: string;
  hint: string | null;
  created_at: string | null;
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
