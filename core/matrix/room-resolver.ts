// Room → workspace and scope: the rooms table, else the workspace living in that room, else personal chat with ["general"].
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import type { RoomStore } from './room-store.ts';

/** Where a room's conversations happen; scope undefined lets the workspace derive it from its bindings. */
export interface RoomTarget {
  workspace: string | null;
  scope: string[] | undefined;
  source: 'rooms' | 'workspace' | 'default';
}

/** Resolves a room to its workspace and scope. */
export class RoomResolver {
  constructor(
    private readonly rooms: RoomStore,
    private readonly workspaces: WorkspaceStore,
  ) {}

  /** The target for a room (DMs and unmapped rooms: personal chat, ["general"]). */
  async resolve(roomId: string): Promise<RoomTarget> {
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
