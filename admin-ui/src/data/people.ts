// The household's people over the HTTP API: list, add, edit, remove (owner only).

import type { HouseholdUser } from './admin.ts';
import { apiRequest } from './api-client.ts';

/** The fields the owner can set on a person. */
export interface PersonInput {
  name?: string;
  role?: 'owner' | 'member';
  matrix_ids?: string[];
  email?: string | null;
  timezone?: string;
  child?: boolean;
  quiet_hours?: { start: string; end: string } | null;
  quiet_reply?: boolean;
}

/** Everyone, plus what removing someone does (the server's words, shown before confirming). */
export async function listPeople(): Promise<{ users: HouseholdUser[]; removalEffects: string }> {
  const r = await apiRequest<{ users: HouseholdUser[]; removal_effects: string }>('/admin/users');
  return { users: r.users, removalEffects: r.removal_effects };
}

/** Adds a person. */
export async function addPerson(input: PersonInput): Promise<HouseholdUser> {
  return (await apiRequest<{ user: HouseholdUser }>('/admin/users', { method: 'POST', body: input })).user;
}

/** Changes only the given fields. */
export async function editPerson(id: string, input: PersonInput): Promise<HouseholdUser> {
  return (
    await apiRequest<{ user: HouseholdUser }>(`/admin/users/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
    })
  ).user;
}

/** Removes a person; their sign-ins end at once. */
export async function removePerson(
  id: string,
): Promise<{ tokens_revoked: number; sessions_ended: number; effects: string }> {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
