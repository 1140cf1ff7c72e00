// Every core entity, for whoever opens the whole household database (the app, the CLI, a backup); plugins add theirs
// through the plugin contract.
import { ProposedAction } from '../approvals/proposed-action.entity.ts';
import { ApiToken } from '../auth/api-token.entity.ts';
import { BrowserSession } from '../auth/browser-session.entity.ts';
import { SignInGrant } from '../auth/sign-in-grant.entity.ts';
import { User } from '../auth/user.entity.ts';
import { dreamEntities } from '../dream/entities.ts';
import { AuditEntry } from '../engine/audit-entry.entity.ts';
import { Confirmation } from '../engine/confirmation.entity.ts';
import { matrixEntities } from '../matrix/entities.ts';
import { Memory } from '../memory/memory.entity.ts';
import { Note } from '../memory/note.entity.ts';
import { PluginState } from '../plugin/plugin-state.entity.ts';
import { Message } from '../sessions/message.entity.ts';
import { Session } from '../sessions/session.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { WorkspaceBinding } from '../workspaces/workspace-binding.entity.ts';
import { WorkspaceMember } from '../workspaces/workspace-member.entity.ts';

export const coreEntities: Function[] = [
  PluginState,
  User,
  ApiToken,
  SignInGrant,
  BrowserSession,
  Session,
  Message,
  Confirmation,
  AuditEntry,
  Workspace,
  WorkspaceBinding,
  WorkspaceMember,
  Note,
  Memory,
  ProposedAction,
  ...matrixEntities,
  ...dreamEntities,
];
