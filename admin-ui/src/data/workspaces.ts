// GET/POST /workspaces, PATCH /workspaces/:slug and GET /workspaces/options: the household's workspaces, and what one can be.
import type { z } from 'zod';
import type { newWorkspaceSchema, workspaceChangeSchema } from '../../../core/workspaces/workspace-input.ts';
import type {
  workspaceListReply,
  workspaceOptionsReply,
  workspaceSchema,
} from '../../../core/workspaces/workspace-routes.ts';
import { apiRequest } from './api-client.ts';

/** A workspace as the route answers it (its zod schema is the type: a changed reply breaks this check). */
export type WorkspaceSummary = z.input<typeof workspaceSchema>;

/** The kinds, services and personas a new workspace can have. */
export type WorkspaceOptions = z.input<typeof workspaceOptionsReply>;

type ServerInput = z.input<typeof newWorkspaceSchema>;
/** What the guided flow sends: the server's input schema, narrowed to the form's fields (services by name). */
export type NewWorkspaceInput = Required<Pick<ServerInput, 'name' | 'description' | 'kind' | 'personas'>> &
  Pick<ServerInput, 'matrix_room_id'> & { services: string[] };

/** The household's workspaces. */
export async function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return (await apiRequest<z.input<typeof workspaceListReply>>('/workspaces')).workspaces;
}

/** What a new workspace may bind and offer (owner only). */
export function workspaceOptions(): Promise<WorkspaceOptions> {
  return apiRequest<WorkspaceOptions>('/workspaces/options');
}

/** Creates a workspace (owner only); 400 names the field, 409 a name already taken. */
export function createWorkspace(input: NewWorkspaceInput): Promise<WorkspaceSummary> {
  return apiRequest<WorkspaceSummary>('/workspaces', { method: 'POST', body: input });
}

/** What an edit sends: the kind stays; a null room unbinds it (the server's own input schema). */
export type WorkspaceChange = z.input<typeof workspaceChangeSchema>;

/** Changes a workspace (owner only); 400 names the field, 409 a name or room already taken. */
export function updateWorkspace(slug: string, change: WorkspaceChange): Promise<WorkspaceSummary> {
  return apiRequest<WorkspaceSummary>(`/workspaces/${encodeURIComponent(slug)}`, {
    method: 'PATCH',
    body: change,
  });
}
