// One engine session per (room, user, workspace), persisted so a restart keeps the conversation.
import type { DataSource } from 'typeorm';
import { RoomSessionRow } from './room-session.entity.ts';

const keyOf = (workspace: string | null) => workspace ?? '';

const cacheKey = (roomId: string, userId: string, workspace: string | null) =>
  `${roomId}\u0000${userId}\u0000${keyOf(workspace)}`;

/**
 * Remembers which session a member is in, per room and workspace. Rows are kept in memory once read: only this
 * class writes the table, so every change passes through remember() and forget().
 */
export class RoomSessions {
  private readonly rows = new Map<string, RoomSessionRow | null>();
  /** Bumped on every write, so a read that raced one does not keep its (maybe older) answer. */
  private generation = 0;

  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(RoomSessionRow);
  }

  /** The member's current session in this room and workspace, if any. */
  async current(roomId: string, userId: string, workspace: string | null): Promise<RoomSessionRow | null> {
    const key = cacheKey(roomId, userId, workspace);
    if (this.rows.has(key)) return copy(this.rows.get(key)!);
    const generation = this.generation;
    const row = await this.repo.findOneBy({ roomId, userId, workspaceKey: keyOf(workspace) });
    if (generation === this.generation) this.rows.set(key, row);
    return copy(row);
  }

  /** Records the session a turn ran in (replacing an older one for the same key). */
  async remember(
    roomId: string,
    userId: string,
    workspace: string | null,
    scope: string[] | undefined,
    sessionId: string,
  ): Promise<void> {
    const row: RoomSessionRow = {
      sessionId,
      roomId,
      userId,
      workspaceKey: keyOf(workspace),
      scope: scope ?? null,
      createdAt: new Date(),
    };
    this.generation++;
    try {
      await this.db.transaction(async (em) => {
        const repo = em.getRepository(RoomSessionRow);
        await repo.delete({ roomId, userId, workspaceKey: keyOf(workspace) });
        await repo.delete({ sessionId });
        await repo.insert({ ...row });
      });
    } catch (err) {
      this.rows.clear();
      throw err;
    } finally {
      this.generation++;
    }
    // the session moved here: wherever else it was mapped is gone, as in the table
    for (const [key, kept] of this.rows) if (kept?.sessionId === sessionId) this.rows.delete(key);
    this.rows.set(cacheKey(roomId, userId, workspace), row);
  }

  /** Drops the mapping so the next message starts a new session; true when there was one. */
  async forget(roomId: string, userId: string, workspace: string | null): Promise<boolean> {
    this.generation++;
    this.rows.delete(cacheKey(roomId, userId, workspace));
    const res = await this.repo.delete({ roomId, userId, workspaceKey: keyOf(workspace) });
    this.generation++;
    this.rows.set(cacheKey(roomId, userId, workspace), null);
    return (res.affected ?? 0) > 0;
  }
}

const copy = (row: RoomSessionRow | null): RoomSessionRow | null =>
  row && { ...row, scope: row.scope && [...row.scope] };
