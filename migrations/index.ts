// Core migrations in the order they run, each in its area's folder; additive only, never renamed (a database knows
// what ran by class name, so a class name and its timestamp stay as they were when the migration was released).

import { ApprovalsInCore1764800000000 } from './approvals/1764800000000-approvals-in-core.ts';
import { CreateAdminSignIn1764570000000 } from './auth/1764570000000-create-admin-sign-in.ts';
import { AddChildAndQuietHours1765438000000 } from './auth/1765438000000-add-child-and-quiet-hours.ts';
import { CreateDream1764540000000 } from './dream/1764540000000-create-dream.ts';
import { CreateConversation1764500000000 } from './engine/1764500000000-create-conversation.ts';
import { IndexConfirmationExpiry1765000000000 } from './engine/1765000000000-index-confirmation-expiry.ts';
import { CreateMatrix1764530000000 } from './matrix/1764530000000-create-matrix.ts';
import { AddOutboxReply1764560000000 } from './matrix/1764560000000-add-outbox-reply.ts';
import { OutboxSecrets1765400000000 } from './matrix/1765400000000-outbox-secrets.ts';
import { CreateMemory1764510000000 } from './memory/1764510000000-create-memory.ts';
import { CreateMemorySearchPostgres1764580000000 } from './memory/1764580000000-create-memory-search-postgres.ts';
import { AddMemoryLengthIndex1765200000000 } from './memory/1765200000000-add-memory-length-index.ts';
import { AddMemoryRepeatsIndex1765300000000 } from './memory/1765300000000-add-memory-repeats-index.ts';
import { CreatePluginState1764460800000 } from './plugin/1764460800000-create-plugin-state.ts';
import { AddPluginSettings1764900000000 } from './plugin/1764900000000-add-plugin-settings.ts';
import { CreateWorkspaces1764500100000 } from './workspaces/1764500100000-create-workspaces.ts';
import { CreateWorkspaceMembers1765500000000 } from './workspaces/1765500000000-create-workspace-members.ts';

export const coreMigrations: Function[] = [
  CreatePluginState1764460800000,
  CreateConversation1764500000000,
  CreateWorkspaces1764500100000,
  CreateMemory1764510000000,
  CreateMatrix1764530000000,
  CreateDream1764540000000,
  AddOutboxReply1764560000000,
  CreateAdminSignIn1764570000000,
  CreateMemorySearchPostgres1764580000000,
  ApprovalsInCore1764800000000,
  AddPluginSettings1764900000000,
  IndexConfirmationExpiry1765000000000,
  AddMemoryLengthIndex1765200000000,
  AddMemoryRepeatsIndex1765300000000,
  OutboxSecrets1765400000000,
  AddChildAndQuietHours1765438000000,
  CreateWorkspaceMembers1765500000000,
];
