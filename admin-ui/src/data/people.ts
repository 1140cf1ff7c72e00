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

/** A new person's Matrix account and their one-time Element sign-in (shown once). */
export interface NewMatrixAccount {
  user_id: string;
  temporary_password: string;
  homeserver_url: string;
  sign_in_url: string;
}

/** Whether adding a person creates their Matrix account here, and the server name it gets. */
export async function matrixAccountsInfo(): Promise<{ can_create: boolean; server_name: string | null }> {
  return apiRequest('/admin/matrix-accounts');
}

/** Adds a person and creates their Matrix account (the homeserver's registration secret is configured). */
export async function addPersonWithAccount(
  input: PersonInput,
  username?: string,
): Promise<{ user: HouseholdUser; matrix_account: NewMatrixAccount }> {
  return apiRequest('/admin/users', {
    method: 'POST',
    body: { ...input, matrix_account: true, ...(username ? { matrix_username: username } : {}) },
  });
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
