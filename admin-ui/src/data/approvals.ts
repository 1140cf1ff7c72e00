// GET /confirmations: the signed-in person's actions waiting for their yes or no.
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

/** The caller's pending confirmations. */
export async function listApprovals(): Promise<PendingApproval[]> {
  return (await apiRequest<{ pending: PendingApproval[] }>('/confirmations')).pending;
}
