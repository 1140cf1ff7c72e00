// The rooms table: which workspace and scope a Matrix room maps to (seeded from config, edited by the owner).
import type { DataSource } from 'typeorm';
import { fail } from '../contracts/errors.ts';
import type { Logger } from '../logger.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { MatrixRoom } from './matrix-room.entity.ts';

/** A change to a room's mapping: omitted fields stay, null clears. */
export interface RoomMappingInput {
  workspace?: string | null;
  scope?: string[] | null;
}

/** A mapping as config seeds it. */
export interface RoomSeed {
  roomId: string;
  workspace?: string;
  scope?: string[];
}

/** Reads and validates room mappings. */
export class RoomStore {
  private readonly changed = new Set<(roomId: string) => void>();

  constructor(
    private readonly db: DataSource,
    private readonly workspaces: WorkspaceStore,
    private readonly knownScopes: () => string[],
  ) {}

  private get repo() {
    return this.db.getRepository(MatrixRoom);
  }

  /** Every mapped room, by room id. */
  list(): Promise<MatrixRoom[]> {
    return this.repo.find({ order: { roomId: 'ASC' } });
  }

  /** One room's mapping, if any. */
  get(roomId: string): Promise<MatrixRoom | null> {
    return this.repo.findOneBy({ roomId });
  }

  /** Refuses an unknown workspace, unknown scopes, or scopes the workspace does not bind. */
  async validate(workspace: string | null, scope: string[] | null): Promise<void> {
    if (scope) {
      const unknown = scope.filter((s) => !this.knownScopes().includes(s));
      if (unknown.length)
        throw fail.invalid('UNKNOWN_SCOPE', `unknown scope(s): ${unknown.join(', ')}`, {
          known: this.knownScopes(),
        });
    }
    if (!workspace) return;
    if (!(await this.workspaces.get(workspace)))
      throw fail.invalid('UNKNOWN_WORKSPACE', `no workspace "${workspace}"`);
    if (scope) {
      const bound = await this.workspaces.derivedScope(workspace);
      const outside = scope.filter((s) => !bound.includes(s));
      if (outside.length)
        throw fail.invalid(
          'SCOPE_NOT_BOUND',
          `workspace "${workspace}" has no ${outside.join(', ')} service`,
          { bound },
        );
    }
  }

  /** Creates or changes a room's mapping after validating the result. */
  async set(roomId: string, input: RoomMappingInput, by: string | null): Promise<MatrixRoom> {
    const current = await this.get(roomId);
    const workspace = input.workspace !== undefined ? input.workspace : (current?.workspace ?? null);
    const scope =
      input.scope !== undefined ? input.scope && [...new Set(input.scope)] : (current?.scope ?? null);
    await this.validate(workspace, scope);
    try {
      return await this.repo.save({ roomId, workspace, scope, updatedBy: by, updatedAt: new Date() });
    } finally {
      for (const fn of this.changed) fn(roomId);
    }
  }

  /** Calls `fn` after a room's mapping was written (the only way it changes). */
  onChange(fn: (roomId: string) => void): void {
    this.changed.add(fn);
  }

  /** Inserts config-seeded mappings for rooms without one (edits made since are kept); bad entries are logged. */
  async seed(rows: RoomSeed[], logger: Logger): Promise<number> {
    let added = 0;
    for (const row of rows) {
      if (await this.get(row.roomId)) continue;
      try {
        await this.set(row.roomId, { workspace: row.workspace ?? null, scope: row.scope ?? null }, null);
        added++;
      } catch (err) {
        logger.warn({ roomId: row.roomId, err: (err as Error).message }, 'matrix.rooms entry skipped');
      }
    }
    return added;
  }
}
