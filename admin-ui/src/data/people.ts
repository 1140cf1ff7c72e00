// The household's people over the HTTP API: list, add, edit, remove (owner only).
import type { z } from 'zod';
import type { peopleListing } from '../../../core/admin/admin-routes.ts';
import type {
  matrixAccountsReply,
  newAccountSchema,
  personAdded,
  personEdit,
  personRemoved,
  personReply,
} from '../../../core/admin/people-routes.ts';
import type { HouseholdUser } from './admin.ts';
import { apiRequest } from './api-client.ts';

/** The fields the owner can set on a person: the route's own body schema (the name and role only on adding). */
export type PersonInput = z.input<typeof personEdit>;

/** A new person's Matrix account and their one-time Element sign-in (shown once). */
export type NewMatrixAccount = z.input<typeof newAccountSchema>;

/** Whether adding a person creates their Matrix account here, and the server name it gets. */
export async function matrixAccountsInfo(): Promise<z.input<typeof matrixAccountsReply>> {
  return apiRequest('/admin/matrix-accounts');
}

/** Adds a person and creates their Matrix account (the homeserver's registration secret is configured). */
export async function addPersonWithAccount(
  input: PersonInput,
  username?: string,
): Promise<{ user: HouseholdUser; matrix_account: NewMatrixAccount }> {
  const r = await apiRequest<z.input<typeof personAdded>>('/admin/users', {
    method: 'POST',
    body: { ...input, matrix_account: true, ...(username ? { matrix_username: username } : {}) },
  });
  if (!r.matrix_account) throw new Error('the server added the person but created no Matrix account');
  return { user: r.user, matrix_account: r.matrix_account };
}

/** Everyone, plus what removing someone does (the server's words, shown before confirming). */
export async function listPeople(): Promise<{ users: HouseholdUser[]; removalEffects: string }> {
  const r = await apiRequest<z.input<typeof peopleListing>>('/admin/users');
  return { users: r.users, removalEffects: r.removal_effects };
}

/** Adds a person. */
export async function addPerson(input: PersonInput): Promise<HouseholdUser> {
  return (await apiRequest<z.input<typeof personReply>>('/admin/users', { method: 'POST', body: input }))
    .user;
}

/** Changes only the given fields. */
export async function editPerson(id: string, input: PersonInput): Promise<HouseholdUser> {
  return (
    await apiRequest<z.input<typeof personReply>>(`/admin/users/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
    })
  ).user;
}

/** Removes a person; their sign-ins end at once. */
export async function removePerson(id: string): Promise<z.input<typeof personRemoved>> {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
