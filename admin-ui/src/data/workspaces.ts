// GET/POST /workspaces, PATCH /workspaces/:slug and GET /workspaces/options: the household's workspaces, and what one can be.
import { apiRequest } from './api-client.ts';

/** A workspace as the UI needs it. */
export interface WorkspaceSummary {
  slug: string;
  name: string;
  kind: string;
  description?: string;
  matrix_room_id?: string | null;
  personas?: string[];
  created_at?: string;
  services?: { service: string }[];
}

/** The kinds, services and personas a new workspace can have. */
export interface WorkspaceOptions {
  kinds: string[];
  services: string[];
  personas: { id: string; description: string; hosting_only: boolean }[];
}

/** What the guided flow sends. */
export interface NewWorkspaceInput {
  name: string;
  description: string;
  kind: string;
  services: string[];
  matrix_room_id?: string;
  personas: string[];
}

/** The household's workspaces. */
export async function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return (await apiRequest<{ workspaces: WorkspaceSummary[] }>('/workspaces')).workspaces;
}

/** What a new workspace may bind and offer (owner only). */
export function workspaceOptions(): Promise<WorkspaceOptions> {
  return apiRequest<WorkspaceOptions>('/workspaces/options');
}

/** Creates a workspace (owner only); 400 names the field, 409 a name already taken. */
export function createWorkspace(input: NewWorkspaceInput): Promise<WorkspaceSummary> {
  return apiRequest<WorkspaceSummary>('/workspaces', { method: 'POST', body: input });
}

/** What an edit sends: the kind stays; a null room unbinds it. */
export type WorkspaceChange = Partial<Omit<NewWorkspaceInput, 'kind' | 'matrix_room_id'>> & {
  matrix_room_id?: string | null;
};

/** Changes a workspace (owner only); 400 names the field, 409 a name or room already taken. */
export function updateWorkspace(slug: string, change: WorkspaceChange): Promise<WorkspaceSummary> {
  return apiRequest<WorkspaceSummary>(`/workspaces/${encodeURIComponent(slug)}`, {
    method: 'PATCH',
    body: change,
  });
}
