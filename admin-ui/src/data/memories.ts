// Memories over the HTTP API: the owner's listing of everything, or a member's own; search, filters, paging, actions.
import type { z } from 'zod';
import type { listedMemories } from '../../../core/memory/memory-listing-wire.ts';
import { apiRequest } from './api-client.ts';

type Listing = z.input<typeof listedMemories>;
/** A listed memory, with its plain-language labels (written for the viewer) and states: the route's zod schema. */
export type OwnerMemory = Listing['memories'][number];

/** Listing filters; empty strings mean "any". `workspace: 'personal'`, `person: 'household'` are the special values. */
export interface MemoryFilters {
  q?: string;
  person?: string;
  workspace?: string;
  kind?: string;
  provenance?: string;
  importance?: '' | 'core' | 'contextual';
  archived?: 'exclude' | 'only' | 'include';
  unreachable?: boolean;
}

/** Rows per page: "Load more" asks for the next page after the last id shown. */
export const PAGE_SIZE = 50;

/** The query string of a filter set and page (only what is set). */
export function memoryQuery(f: MemoryFilters, beforeId?: number): string {
  const q = new URLSearchParams();
  if (f.q?.trim()) q.set('q', f.q.trim());
  if (f.person) q.set('owner_user_id', f.person);
  if (f.workspace) q.set('workspace', f.workspace);
  if (f.kind) q.set('kind', f.kind);
  if (f.provenance) q.set('provenance', f.provenance);
  if (f.importance) q.set('importance', f.importance);
  if (f.archived && f.archived !== 'exclude') q.set('archived', f.archived);
  if (f.unreachable) q.set('unreachable', 'true');
  q.set('limit', String(PAGE_SIZE));
  if (beforeId) q.set('before_id', String(beforeId));
  return `?${q}`;
}

/** One page, newest first: everything (owner) or the caller's own (`mine`). */
export async function listMemories(
  f: MemoryFilters,
  opts: { mine: boolean; beforeId?: number },
): Promise<OwnerMemory[]> {
  const path = opts.mine ? '/memory/mine' : '/owner/memories';
  const { person: _, ...own } = f;
  return (await apiRequest<Listing>(`${path}${memoryQuery(opts.mine ? own : f, opts.beforeId)}`)).memories;
}

/** Which routes act on a memory: the caller's own rows through /memory, anything else through the owner's. */
function own(m: OwnerMemory, viewerId: string): boolean {
  return m.owner_user_id === viewerId;
}

/** Archives a memory (a soft delete, undone by restore). */
export async function archiveMemory(m: OwnerMemory, viewerId: string): Promise<void> {
  if (own(m, viewerId)) await apiRequest(`/memory/${m.id}`, { method: 'DELETE' });
  else await apiRequest(`/owner/memories/${m.id}/archive`, { method: 'POST' });
}

/** Brings an archived memory back. */
export async function restoreMemory(m: OwnerMemory, viewerId: string): Promise<void> {
  if (own(m, viewerId)) await apiRequest(`/memory/${m.id}/restore`, { method: 'POST' });
  else await apiRequest(`/owner/memories/${m.id}/restore`, { method: 'POST' });
}

/** Deletes a memory for good. */
export async function deleteMemory(m: OwnerMemory, viewerId: string): Promise<void> {
  if (own(m, viewerId)) await apiRequest(`/memory/${m.id}/permanently`, { method: 'DELETE' });
  else await apiRequest(`/owner/memories/${m.id}`, { method: 'DELETE' });
}

/** Whether the viewer can change the text: their own rows, and the household's for the owner. */
export function canEdit(m: OwnerMemory, viewerId: string, isOwner: boolean): boolean {
  return m.archived_at === null && (own(m, viewerId) || (m.owner_user_id === null && isOwner));
}

/** Changes a memory's text, importance and tags. */
export async function editMemory(
  m: OwnerMemory,
  viewerId: string,
  patch: { content: string; importance: string; tags: string[] },
): Promise<void> {
  const base = own(m, viewerId) ? '/memory' : '/household/memory';
  await apiRequest(`${base}/${m.id}`, { method: 'PUT', body: patch });
}

/** Writes a household note into a workspace's memory, for everyone in it (a new workspace's starter notes). */
export function addWorkspaceNote(workspace: string, content: string): Promise<unknown> {
  return apiRequest('/household/memory', {
    method: 'POST',
    body: { content, workspace, importance: 'core' },
  });
}
