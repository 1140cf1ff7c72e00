// The owner's legibility view of memories: GET /owner/memories with filters, archive, restore, delete for good.
import { apiRequest } from './api-client.ts';

/** A memory as /owner/memories lists it, with its plain-language labels and states. */
export interface OwnerMemory {
  id: number;
  content: string;
  kind: string;
  importance: 'core' | 'contextual';
  tags: string[];
  confidence: number;
  owner_user_id: string | null;
  workspace: string | null;
  provenance: string;
  provenance_label: string;
  importance_label: string;
  expires_at: string | null;
  surface_once: boolean;
  archived_at: string | null;
  created_at: string;
  unreachable: boolean;
  unreachable_reason?: string;
  expired: boolean;
  superseded: boolean;
}

/** Listing filters; empty strings mean "any". `workspace: 'personal'` is the personal/household context. */
export interface MemoryFilters {
  workspace?: string;
  importance?: '' | 'core' | 'contextual';
  archived?: 'exclude' | 'only' | 'include';
}

/** The query string of a filter set (only the filters that are set). */
export function memoryQuery(f: MemoryFilters): string {
  const q = new URLSearchParams();
  if (f.workspace) q.set('workspace', f.workspace);
  if (f.importance) q.set('importance', f.importance);
  if (f.archived && f.archived !== 'exclude') q.set('archived', f.archived);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Everything Quorra keeps that matches the filters, newest first. */
export async function listOwnerMemories(f: MemoryFilters = {}): Promise<OwnerMemory[]> {
  return (await apiRequest<{ memories: OwnerMemory[] }>(`/owner/memories${memoryQuery(f)}`)).memories;
}

/** Archives a memory (a soft delete, undone by restore). */
export async function archiveMemory(id: number): Promise<void> {
  await apiRequest(`/owner/memories/${id}/archive`, { method: 'POST' });
}

/** Brings an archived memory back. */
export async function restoreMemory(id: number): Promise<void> {
  await apiRequest(`/owner/memories/${id}/restore`, { method: 'POST' });
}

/** Deletes a memory for good. */
export async function deleteMemory(id: number): Promise<void> {
  await apiRequest(`/owner/memories/${id}`, { method: 'DELETE' });
}
