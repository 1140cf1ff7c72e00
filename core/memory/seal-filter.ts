// The one place that decides which memory rows a read may see: the seal rule, the slice rule and liveness.

import { QuorraError } from '../contracts/errors.ts';
import type { Seal } from '../contracts/principal.ts';
import { nullableEq, toDbTime } from '../db/sql-values.ts';

/** One tenant slice of memories: a workspace (null = personal/household) and an owner (null = household-wide). */
export interface MemorySlice {
  workspace: string | null;
  ownerUserId: string | null;
}

/** A WHERE fragment over a `memories` alias, its parameters, and the FTS scope tokens of the slices it admits. */
export interface RowFilter {
  where: string;
  params: unknown[];
  /** Narrows full-text matches to the admitted slices before ranking; the SQL `where` stays the authority. */
  scopeKeys: string[];
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

/**
 * The FTS `scope` token of a slice. The migration's triggers compute the same value in SQL
 * ('s' || hex(workspace) || 'o' || hex(owner)); hex digits never contain 's' or 'o', so it cannot be ambiguous.
 */
export function scopeKey(workspace: string | null, ownerUserId: string | null): string {
  return `s${hex(workspace ?? '')}o${hex(ownerUserId ?? '')}`;
}

/** Rows alive at `now`: not archived, not past expires_at, not past valid_until (superseded). */
export function liveWhere(alias: string, now: Date): { sql: string; params: unknown[] } {
  const t = toDbTime(now);
  return {
    sql:
      `${alias}.archived_at IS NULL AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > ?)` +
      ` AND (${alias}.valid_until IS NULL OR ${alias}.valid_until > ?)`,
    params: [t, t],
  };
}

/**
 * What a sealed read may see. Personal seal {u, null}: rows with no workspace that are household-wide or u's own.
 * Workspace seal {u, W}: rows in W that are household-wide-in-W or u's own; never another user's private rows,
 * never another workspace's rows. Always only live rows. Written as two fully-keyed OR branches so SQLite
 * answers each from the (workspace, owner_user_id, …) indexes instead of scanning every personal row.
 */
export function sealFilter(seal: Seal, now: Date, alias = 'm'): RowFilter {
  checkSeal(seal);
  const ws = nullableEq(`${alias}.workspace`, seal.workspace);
  const live = liveWhere(alias, now);
  return {
    where:
      `((${ws.sql} AND ${alias}.owner_user_id IS NULL) OR (${ws.sql} AND ${alias}.owner_user_id = ?))` +
      ` AND ${live.sql}`,
    params: [...ws.params, ...ws.params, seal.userId, ...live.params],
    scopeKeys: [scopeKey(seal.workspace, null), scopeKey(seal.workspace, seal.userId)],
  };
}

/**
 * The two slices a seal admits (the branches of sealFilter's OR), for a read that walks each in index order:
 * household-wide in the seal's workspace, and the user's own there.
 */
export function sealSlices(seal: Seal): MemorySlice[] {
  checkSeal(seal);
  return [
    { workspace: seal.workspace, ownerUserId: null },
    { workspace: seal.workspace, ownerUserId: seal.userId },
  ];
}

function checkSeal(seal: Seal): void {
  if (typeof seal?.userId !== 'string' || seal.userId.length === 0 || seal.workspace === undefined) {
    throw new QuorraError('QUORRA_SEAL_INVALID', 'a memory read needs a user seal; guests have none');
  }
}

/** Exactly one live slice: the Dream pass's near-duplicate candidates never cross into a neighbouring slice. */
export function sliceFilter(slice: MemorySlice, now: Date, alias = 'm'): RowFilter {
  const ws = nullableEq(`${alias}.workspace`, slice.workspace);
  const owner = nullableEq(`${alias}.owner_user_id`, slice.ownerUserId);
  const live = liveWhere(alias, now);
  return {
    where: `${ws.sql} AND ${owner.sql} AND ${live.sql}`,
    params: [...ws.params, ...owner.params, ...live.params],
    scopeKeys: [scopeKey(slice.workspace, slice.ownerUserId)],
  };
}
