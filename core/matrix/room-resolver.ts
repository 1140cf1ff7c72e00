// Room → workspace and scope: the rooms table, else the workspace living in that room, else personal chat with ["general"].
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import type { RoomStore } from './room-store.ts';

/** Where a room's conversations happen; scope undefined lets the workspace derive it from its bindings. */
export interface RoomTarget {
  workspace: string | null;
  scope: string[] | undefined;
  source: 'rooms' | 'workspace' | 'default';
}

/**
 * Resolves a room to its workspace and scope. A room's own mapping is kept once read: it only changes through
 * RoomStore.set, which drops it. Which workspace lives in a room is read every time (workspaces are edited
 * through their own store, which may move one to another room).
 */
export class RoomResolver {
  private readonly mapped = new Map<string, RoomTarget | null>();
  /** Bumped on every change, so a lookup that raced one does not keep its (maybe older) answer. */
  private generation = 0;

  constructor(
    private readonly rooms: RoomStore,
    private readonly workspaces: WorkspaceStore,
  ) {
    rooms.onChange((roomId) => {
      this.generation++;
      this.mapped.delete(roomId);
    });
  }

  /** The target for a room (DMs and unmapped rooms: personal chat, ["general"]). */
  async resolve(roomId: string): Promise<RoomTarget> {
    let target = this.mapped.get(roomId);
    if (target === undefined) {
      const generation = this.generation;
      target = await this.fromRoomsTable(roomId);
      if (generation === this.generation) this.mapped.set(roomId, target);
    }
    if (target) return { ...target, scope: target.scope && [...target.scope] };
    const ws = await this.workspaces.byRoom(roomId);
    if (ws) return { workspace: ws.slug, scope: undefined, source: 'workspace' };
    return { workspace: null, scope: ['general'], source: 'default' };
  }

  private async fromRoomsTable(roomId: string): Promise<RoomTarget | null> {
    const row = await this.rooms.get(roomId);
    if (!row) return null;
    const scope = row.scope ?? (row.workspace ? undefined : ['general']);
    return { workspace: row.workspace, scope, source: 'rooms' };
  }

  /** The scope a target's conversations get: its own, else its workspace's bound services. */
  async scopeOf(target: RoomTarget): Promise<string[]> {
    return target.scope ?? (target.workspace ? this.workspaces.derivedScope(target.workspace) : ['general']);
  }
}
