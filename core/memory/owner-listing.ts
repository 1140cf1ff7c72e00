// The owner's legibility listing: every memory across workspaces, filterable; never feeds a prompt.
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { nullableEq, toDbTime } from '../db/sql-values.ts';
import type { Memory } from './memory.entity.ts';
import { importances, memoryKinds, provenances, userIdSchema, workspaceSchema } from './memory-input.ts';
import { toMemory } from './memory-row.ts';
import { recallTerms } from './memory-search.ts';

/**
 * Filters of the owner listing. `workspace`/`ownerUserId`: undefined = any, null = personal / household-wide only.
 * `archived`: exclude (default), only, include; expired rows count as archived. `unreachable`: only contextual
 * memories that no recall can reach (isUnreachable).
 */
export const ownerListFiltersSchema = z.strictObject({
  workspace: workspaceSchema.nullable().optional(),
  ownerUserId: userIdSchema.nullable().optional(),
  kind: z.enum(memoryKinds).optional(),
  importance: z.enum(importances).optional(),
  provenance: z.enum(provenances).optional(),
  archived: z.enum(['exclude', 'only', 'include']).default('exclude'),
  unreachable: z.boolean().optional(),
  /** Words that must all appear in the content or tags (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  limit: z.number().int().min(1).max(500).default(100),
  beforeId: z.number().int().positive().optional(),
});
export type OwnerListFilters = z.input<typeof ownerListFiltersSchema>;

/** One row of the owner listing with the states the legibility surface explains in plain words. */
export interface OwnerListedMemory {
  memory: Memory;
  /** Contextual, with no word or tag a recall could match: stored, but never recalled. */
  unreachable: boolean;
  expired: boolean;
  superseded: boolean;
}

/** Lists memories for the owner, newest first, paged by `beforeId`. */
export async function listForOwner(
  db: DataSource,
  filters: OwnerListFilters,
  now: Date,
): Promise<OwnerListedMemory[]> {
  const f = ownerListFiltersSchema.parse(filters);
  const t = toDbTime(now);
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...p: unknown[]) => {
    where.push(sql);
    params.push(...p);
  };
  if (f.workspace !== undefined) {
    const c = nullableEq('m.workspace', f.workspace);
    add(c.sql, ...c.params);
  }
  if (f.ownerUserId !== undefined) {
    const c = nullableEq('m.owner_user_id', f.ownerUserId);
    add(c.sql, ...c.params);
  }
  if (f.kind) add('m.kind = ?', f.kind);
  if (f.importance) add('m.importance = ?', f.importance);
  if (f.provenance) add('m.provenance = ?', f.provenance);
  const gone = '(m.archived_at IS NOT NULL OR (m.expires_at IS NOT NULL AND m.expires_at <= ?))';
  if (f.archived === 'exclude') add(`NOT ${gone}`, t);
  if (f.archived === 'only') add(gone, t);
  for (const word of (f.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add("(lower(m.content) LIKE ? ESCAPE '\\' OR lower(m.tags) LIKE ? ESCAPE '\\')", like, like);
  }
  // the unreachable filter is recall's own test (recallTerms), so it runs on the rows, a page at a time
  const picked: Memory[] = [];
  let before = f.beforeId;
  for (;;) {
    const page = [...where, ...(before !== undefined ? ['m.id < ?'] : [])];
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT m.* FROM memories m${page.length ? ` WHERE ${page.join(' AND ')}` : ''} ORDER BY m.id DESC LIMIT ?`,
      [...params, ...(before !== undefined ? [before] : []), f.limit],
    );
    const memories = rows.map(toMemory);
    for (const m of memories)
      if (f.unreachable === undefined || isUnreachable(m) === f.unreachable) picked.push(m);
    if (f.unreachable === undefined || memories.length < f.limit || picked.length >= f.limit) break;
    before = memories[memories.length - 1].id;
  }
  return picked.slice(0, f.limit).map((memory) => ({
    memory,
    unreachable: isUnreachable(memory),
    expired: memory.expiresAt !== null && memory.expiresAt.getTime() <= now.getTime(),
    superseded: memory.validUntil !== null && memory.validUntil.getTime() <= now.getTime(),
  }));
}

/**
 * True for a contextual memory no recall can reach: a search for its own text and tags has no term to search with
 * (recall's own recallTerms), e.g. only symbols and no tags. Core memories are in every conversation anyway.
 */
export function isUnreachable(m: Pick<Memory, 'importance' | 'tags' | 'content'>): boolean {
  if (m.importance !== 'contextual') return false;
  const terms = recallTerms(m.content, m.tags);
  return terms.words.length === 0 && terms.tags.length === 0;
}
