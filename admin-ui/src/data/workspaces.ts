// GET /workspaces: the household's workspaces (the memory view filters by them).
import { apiRequest } from './api-client.ts';

/** A workspace as the UI needs it. */
export interface WorkspaceSummary {
  slug: string;
  name: string;
  kind: string;
}

/** The household's workspaces. */
export async function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return (await apiRequest<{ workspaces: WorkspaceSummary[] }>('/workspaces')).workspaces;
}
