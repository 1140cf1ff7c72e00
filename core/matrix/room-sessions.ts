// One engine session per (room, user, workspace), persisted so a restart keeps the conversation.
import type { DataSource } from 'typeorm';
import { RoomSessionRow } from './room-session.entity.ts';

const keyOf = (workspace: string | null) => workspace ?? '';

/** Remembers which session a member is in, per room and workspace. */
export class RoomSessions {
  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(RoomSessionRow);
  }

  /** The member's current session in this room and workspace, if any. */
  current(roomId: string, userId: string, workspace: string | null): Promise<RoomSessionRow | null> {
    return this.repo.findOneBy({ roomId, userId, workspaceKey: keyOf(workspace) });
  }

  /** Records the session a turn ran in (replacing an older one for the same key). */
  async remember(
    roomId: string,
    userId: string,
    workspace: string | null,
    scope: string[] | undefined,
    sessionId: string,
  ): Promise<void> {
    await this.db.transaction(async (em) => {
      const repo = em.getRepository(RoomSessionRow);
      await repo.delete({ roomId, userId, workspaceKey: keyOf(workspace) });
      await repo.delete({ sessionId });
      await repo.insert({
        sessionId,
        roomId,
        userId,
        workspaceKey: keyOf(workspace),
        scope: scope ?? null,
        createdAt: new Date(),
      });
    });
  }

  /** Drops the mapping so the next message starts a new session; true when there was one. */
  async forget(roomId: string, userId: string, workspace: string | null): Promise<boolean> {
    const res = await this.repo.delete({ roomId, userId, workspaceKey: keyOf(workspace) });
    return (res.affected ?? 0) > 0;
  }
}
