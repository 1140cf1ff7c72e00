// GET/PUT/DELETE /workspaces/:slug/members(/:userId): who besides the owners may use a workspace (owner only).
import { apiRequest } from './api-client.ts';

/** A member granted a workspace. */
export interface WorkspaceMemberRow {
  user_id: string;
  display_name: string;
}

const base = (slug: string) => `/workspaces/${encodeURIComponent(slug)}/members`;

/** The members granted this workspace. */
export async function listWorkspaceMembers(slug: string): Promise<WorkspaceMemberRow[]> {
  return (await apiRequest<{ members: WorkspaceMemberRow[] }>(base(slug))).members;
}

/** Lets a member use the workspace; answers the new list. */
export async function grantWorkspace(slug: string, userId: string): Promise<WorkspaceMemberRow[]> {
  return (
    await apiRequest<{ members: WorkspaceMemberRow[] }>(`${base(slug)}/${encodeURIComponent(userId)}`, {
      method: 'PUT',
    })
  ).members;
}

/** Takes the workspace away from a member; answers the new list. */
export async function revokeWorkspace(slug: string, userId: string): Promise<WorkspaceMemberRow[]> {
  return (
    await apiRequest<{ members: WorkspaceMemberRow[] }>(`${base(slug)}/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
    })
  ).members;
}
