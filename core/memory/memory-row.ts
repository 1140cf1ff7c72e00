// Maps raw SQLite rows of `memories` and `notes` to their entity classes (the stores query with plain SQL).

import { fromDbTime } from '../db/sql-values.ts';
import { Memory } from './memory.entity.ts';
import { Note } from './note.entity.ts';

type Row = Record<string, unknown>;

const nullableString = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** What a prompt shows of a core memory: its words and whether it is the household's or one person's. */
export type CoreMemory = Pick<Memory, 'id' | 'content' | 'ownerUserId'>;

/** Builds a CoreMemory from a row of `id, content, owner_user_id`. */
export function toCoreMemory(r: Row): CoreMemory {
  return { id: Number(r.id), content: String(r.content), ownerUserId: nullableString(r.owner_user_id) };
}

/** Builds a Memory from a `SELECT m.*` row. */
export function toMemory(r: Row): Memory {
  return Object.assign(new Memory(), {
    id: Number(r.id),
    content: String(r.content),
    ownerUserId: nullableString(r.owner_user_id),
    workspace: nullableString(r.workspace),
    importance: r.importance,
    kind: r.kind,
    tags: JSON.parse(String(r.tags ?? '[]')) as string[],
    confidence: Number(r.confidence),
    stability: r.stability,
    provenance: r.provenance,
    sourceNoteIds: JSON.parse(String(r.source_note_ids ?? '[]')) as number[],
    quote: nullableString(r.quote),
    expiresAt: fromDbTime(r.expires_at),
    surfaceOnce: Boolean(r.surface_once),
    surfacedAt: fromDbTime(r.surfaced_at),
    archivedAt: fromDbTime(r.archived_at),
    validUntil: fromDbTime(r.valid_until),
    supersededBy: r.superseded_by === null || r.superseded_by === undefined ? null : Number(r.superseded_by),
    referenceCount: Number(r.reference_count ?? 0),
    lastReferencedAt: fromDbTime(r.last_referenced_at),
    createdAt: fromDbTime(r.created_at)!,
    updatedAt: fromDbTime(r.updated_at)!,
  });
}

/** Builds a Note from a `SELECT n.*` row. */
export function toNote(r: Row): Note {
  return Object.assign(new Note(), {
    id: Number(r.id),
    seq: Number(r.seq),
    workspace: nullableString(r.workspace),
    visibility: r.visibility,
    ownerUserId: nullableString(r.owner_user_id),
    sourceKind: r.source_kind,
    sourceId: nullableString(r.source_id),
    occurredAt: fromDbTime(r.occurred_at)!,
    text: String(r.text),
    createdAt: fromDbTime(r.created_at)!,
    editedAt: fromDbTime(r.edited_at),
  });
}
