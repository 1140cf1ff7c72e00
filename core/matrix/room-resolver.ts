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
 * Resolves a room to its workspace and scope. The answer is kept per room: a room's mapping only changes through
 * RoomStore.set and a workspace's room only through WorkspaceStore (create, edit), and both drop what was kept.
 */
export class RoomResolver {
  private readonly targets = new Map<string, RoomTarget>();
  /** Bumped on every change, so a lookup that raced one does not keep its (maybe older) answer. */
  private generation = 0;

  constructor(
    private readonly rooms: RoomStore,
    private readonly workspaces: WorkspaceStore,
  ) {
    rooms.onChange((roomId) => {
      this.generation++;
      this.targets.delete(roomId);
    });
    workspaces.onChanged(() => {
      this.generation++;
      this.targets.clear();
    });
  }

  /** The target for a room (DMs and unmapped rooms: personal chat, ["general"]). */
  async resolve(roomId: string): Promise<RoomTarget> {
    let target = this.targets.get(roomId);
    if (!target) {
      const generation = this.generation;
      target = await this.lookup(roomId);
      if (generation === this.generation) this.targets.set(roomId, target);
    }
    return { ...target, scope: target.scope && [...target.scope] };
  }

  private async lookup(roomId: string): Promise<RoomTarget> {
    const row = await this.rooms.get(roomId);
    if (row) {
      const scope = row.scope ?? (row.workspace ? undefined : ['general']);
      return { workspace: row.workspace, scope, source: 'rooms' };
    }
    const ws = await this.workspaces.byRoom(roomId);
    if (ws) return { workspace: ws.slug, scope: undefined, source: 'workspace' };
    return { workspace: null, scope: ['general'], source: 'default' };
  }

  /** The scope a target's conversations get: its own, else its workspace's bound services. */
  async scopeOf(target: RoomTarget): Promise<string[]> {
    return target.scope ?? (target.workspace ? this.workspaces.derivedScope(target.workspace) : ['general']);
  }
}
