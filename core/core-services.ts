// The core services a plugin may use through ctx.core (the engine for guest turns, workspaces, users, hooks).
import type { Middleware } from 'koa';
import type { UserStore } from './auth/user-store.ts';
import type { AuditLog } from './engine/audit-log.ts';
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
  /** The core HTTP authentication middleware (Bearer token or trusted adapter); sets ctx.state.principal or answers 401. */
  auth: Middleware;
  /** The audit trail (audit_log table and <dataDir>/audit.jsonl) for actions a plugin takes for a person. */
  audit: AuditLog;
  /** Root of the Markdown vault (household/, members/<id>/, workspaces/<slug>/). */
  vaultDir: string;
  /** Queues a notification for a member's Matrix DM (persisted; delivered while Matrix runs, retried until sent); a Matrix reply to it goes to the `replyTo` handler. */
  notify?: (
    userId: string,
    text: string,
    opts?: { urgency?: 'high' | 'normal' | 'low'; replyTo?: { handler: string; ref: string } },
  ) => Promise<{ id: string; state: 'queued' | 'sent' | 'failed' }>;
}
