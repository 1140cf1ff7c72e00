// Which slices of a workspace have work, and which members' private slices fit under the per-run user cap.
import type { DataSource } from 'typeorm';
import type { NoteSlice } from '../memory/note-input.ts';
import { sliceKey } from './dream-slice.ts';

type Row = Record<string, unknown>;

/** True when the slice has notes after its cursor or notes waiting for another attempt. */
export async function hasPendingWork(db: DataSource, slice: NoteSlice): Promise<boolean> {
  const key = sliceKey(slice);
  const rows: Row[] = await db.query(
    'SELECT EXISTS (SELECT 1 FROM notes n WHERE n.workspace IS NOT DISTINCT FROM ? AND n.visibility = ?' +
      ' AND n.owner_user_id IS NOT DISTINCT FROM ?' +
      ' AND n.seq > coalesce((SELECT last_seq FROM dream_cursor WHERE slice_key = ?), 0))' +
      ' OR EXISTS (SELECT 1 FROM dream_note_attempts WHERE slice_key = ?) AS pending',
    [slice.workspace, slice.visibility, slice.ownerUserId, key, key],
  );
  return Boolean(Number(rows[0]?.pending ?? 0));
}

/**
 * The members' private slices of a workspace that have work, at most `cap` of them: slices never visited first,
 * then the ones visited longest ago, so a household over the cap is covered in turn across runs.
 */
export async function planPrivateSlices(
  db: DataSource,
  workspace: string | null,
  cap: number,
): Promise<{ picked: NoteSlice[]; deferred: number }> {
  const tops: Row[] = await db.query(
    "SELECT n.owner_user_id AS owner, max(n.seq) AS top FROM notes n WHERE n.workspace IS NOT DISTINCT FROM ? AND n.visibility = 'private'" +
      ' GROUP BY n.owner_user_id',
    [workspace],
  );
  const cursors: Row[] = await db.query(
    "SELECT owner_user_id AS owner, last_seq, updated_at FROM dream_cursor WHERE visibility = 'private' AND workspace IS NOT DISTINCT FROM ?",
    [workspace],
  );
  const retrying: Row[] = await db.query('SELECT DISTINCT slice_key FROM dream_note_attempts');
  const retryKeys = new Set(retrying.map((r) => String(r.slice_key)));
  const byOwner = new Map(cursors.map((c) => [String(c.owner), c]));
  const pending = tops
    .map((t) => {
      const slice: NoteSlice = { workspace, visibility: 'private', ownerUserId: String(t.owner) };
      const c = byOwner.get(String(t.owner));
      return {
        slice,
        visited: c ? String(c.updated_at) : '',
        due: Number(t.top) > Number(c?.last_seq ?? 0) || retryKeys.has(sliceKey(slice)),
      };
    })
    .filter((p) => p.due)
    .sort(
      (a, b) =>
        a.visited.localeCompare(b.visited) ||
        (a.slice.ownerUserId ?? '').localeCompare(b.slice.ownerUserId ?? ''),
    );
  return { picked: pending.slice(0, cap).map((p) => p.slice), deferred: Math.max(0, pending.length - cap) };
}
