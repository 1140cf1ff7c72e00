// GET /admin/users and GET /admin/audit: who is in the household and what was done (owner only).
import { apiRequest } from './api-client.ts';

/** A household member. */
export interface HouseholdUser {
  id: string;
  display_name: string;
  role: 'owner' | 'member';
  matrix_ids: string[];
  email: string | null;
  timezone: string | null;
  created_at: string;
}

/** One audited action. */
export interface AuditEntry {
  id: number;
  at: string;
  userId: string | null;
  sessionId: string | null;
  tool: string;
  tier: number;
  input: unknown;
  outcome: string;
  detail: string;
}

/** Every user. */
export async function listUsers(): Promise<HouseholdUser[]> {
  return (await apiRequest<{ users: HouseholdUser[] }>('/admin/users')).users;
}

/** The newest audit entries first. */
export async function listAudit(limit = 50): Promise<AuditEntry[]> {
  return (await apiRequest<{ entries: AuditEntry[] }>(`/admin/audit?limit=${limit}`)).entries;
}
