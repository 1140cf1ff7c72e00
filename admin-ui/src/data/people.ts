// The household's people over the HTTP API: list, add, edit, remove (owner only).
import type { z } from 'zod';
import type { peopleListing } from '../../../core/admin/admin-routes.ts';
import type { personEdit, personRemoved, personReply } from '../../../core/admin/people-routes.ts';
import type { HouseholdUser } from './admin.ts';
import { apiRequest } from './api-client.ts';

/** The fields the owner can set on a person: the route's own body schema (the name and role only on adding). */
export type PersonInput = z.input<typeof personEdit>;

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
