// GET/PUT/DELETE /workspaces/:slug/members(/:userId): who besides the owners may use a workspace (owner only).
import type { z } from 'zod';
import type { membersSchema } from '../../../core/workspaces/workspace-member-routes.ts';
import { apiRequest } from './api-client.ts';

type Members = z.input<typeof membersSchema>;
/** A member granted a workspace (the route's zod schema is the type). */
export type WorkspaceMemberRow = Members['members'][number];

const base = (slug: string) => `/workspaces/${encodeURIComponent(slug)}/members`;

/** The members granted this workspace. */
export async function listWorkspaceMembers(slug: string): Promise<WorkspaceMemberRow[]> {
  return (await apiRequest<Members>(base(slug))).members;
}

/** Lets a member use the workspace; answers the new list. */
export async function grantWorkspace(slug: string, userId: string): Promise<WorkspaceMemberRow[]> {
  return (
    await apiRequest<Members>(`${base(slug)}/${encodeURIComponent(userId)}`, {
      method: 'PUT',
    })
  ).members;
}

/** Takes the workspace away from a member; answers the new list. */
export async function revokeWorkspace(slug: string, userId: string): Promise<WorkspaceMemberRow[]> {
  return (
    await apiRequest<Members>(`${base(slug)}/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
    })
  ).members;
}
