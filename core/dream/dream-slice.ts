// Tenant slices as Dream names them: the stored key, the workspace key (`personal`), and the target memory slice.
import type { NoteSlice } from '../memory/note-input.ts';
import type { MemorySlice } from '../memory/seal-filter.ts';

/**
 * The workspace key of the personal/household context (workspace NULL in notes and memories). Enrolment lists
 * and stored settings use it; a real workspace whose slug is `personal` would be shadowed by it.
 */
export const PERSONAL = 'personal';

/** The workspace key of a stored workspace column (NULL → `personal`). */
export function workspaceKey(workspace: string | null): string {
  return workspace ?? PERSONAL;
}

/** The stored workspace column of a workspace key (`personal` → NULL). */
export function workspaceOfKey(key: string): string | null {
  return key === PERSONAL ? null : key;
}

/** The unambiguous key of a slice; JSON because workspace and owner may each be NULL or contain any character. */
export function sliceKey(s: NoteSlice): string {
  return JSON.stringify([s.visibility, s.workspace, s.ownerUserId]);
}

/** Parses a slice key back; throws on anything that is not one. */
export function sliceOfKey(key: string): NoteSlice {
  const [visibility, workspace, ownerUserId] = JSON.parse(key) as [NoteSlice['visibility'], string, string];
  return { visibility, workspace: workspace ?? null, ownerUserId: ownerUserId ?? null };
}

/**
 * Where a slice's beliefs go: a private slice into its owner's memories, a workspace slice into the workspace's
 * household-wide memories, the shared slice into the household's personal-context memories.
 */
export function memorySliceOf(s: NoteSlice): MemorySlice {
  return { workspace: s.workspace, ownerUserId: s.visibility === 'private' ? s.ownerUserId : null };
}

/** A short human label: `personal · private · alice`, `cabin · workspace`, `personal · shared`. */
export function sliceLabel(s: NoteSlice): string {
  return [workspaceKey(s.workspace), s.visibility, ...(s.ownerUserId ? [s.ownerUserId] : [])].join(' · ');
}

/** The slice's columns as stored alongside its key in Dream's tables. */
export function sliceColumns(s: NoteSlice): [string, string | null, string, string | null] {
  return [sliceKey(s), s.workspace, s.visibility, s.ownerUserId];
}
