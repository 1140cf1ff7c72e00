// The core services a plugin may use through ctx.core (the engine for guest turns, workspaces, users, hooks).
import type { UserStore } from './auth/user-store.ts';
import type { Engine } from './engine/engine.ts';
import type { EngineHooks } from './engine/engine-hooks.ts';
import type { NotesLog } from './memory/notes-log.ts';
import type { WorkspaceStore } from './workspaces/workspace-store.ts';

/** What the core offers every plugin; grows as core capabilities land. */
export interface CoreServices {
  engine: Engine;
  hooks: EngineHooks;
  users: UserStore;
  workspaces: WorkspaceStore;
  /** The notes log: plugins append raw material (notepad jots, ingested documents) for Dream to consolidate. */
  notes: NotesLog;
  /** Root of the Markdown vault (household/, members/<id>/, workspaces/<slug>/). */
  vaultDir: string;
}
