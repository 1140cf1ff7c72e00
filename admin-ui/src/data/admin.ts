// GET /admin/users and GET /admin/audit: who is in the household and what was done (owner only).
import type { z } from 'zod';
import type { auditEntry, auditPage, peopleListing } from '../../../core/admin/admin-routes.ts';
import type { personSchema } from '../../../core/admin/people-routes.ts';
import { apiRequest } from './api-client.ts';

/** A person as /admin/users answers: the route's own schema, so a changed reply breaks this type check. */
export type HouseholdUser = z.input<typeof personSchema>;

/** One audited action (the route's zod schema is the type). */
export type AuditEntry = z.input<typeof auditEntry>;

/** Every user. */
export async function listUsers(): Promise<HouseholdUser[]> {
  return (await apiRequest<z.input<typeof peopleListing>>('/admin/users')).users;
}

/** Which audit entries to show: a person's id (or "system"), a tool, and local days (inclusive). */
export interface AuditFilters {
  user: string;
  tool: string;
  fromDay: string;
  toDay: string;
}

/** One page of the audit trail, newest first, filtered on the server; `before` continues from a page's end. */
export async function listAudit(
  f: AuditFilters,
  before?: number,
  limit = 50,
): Promise<z.input<typeof auditPage>> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (f.user) q.set('user', f.user);
  if (f.tool) q.set('tool', f.tool);
  // local calendar days: from its midnight to the midnight after the last day
  if (f.fromDay) q.set('from', new Date(`${f.fromDay}T00:00`).toISOString());
  if (f.toDay) {
    const end = new Date(`${f.toDay}T00:00`);
    end.setDate(end.getDate() + 1);
    q.set('to', end.toISOString());
  }
  if (before) q.set('before', String(before));
  return apiRequest(`/admin/audit?${q}`);
}
