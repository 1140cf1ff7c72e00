// Wires workspaces into the app: the store, the engine's sealing hooks and the routes, through the core contributions.
import type { DataSource } from 'typeorm';
import { vaultRoot } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { personas } from '../engine/personas.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { CoreContributions } from '../plugin/core-contributions.ts';
import { workspaceMemberRoutes } from './workspace-member-routes.ts';
import { workspaceRoutes } from './workspace-routes.ts';
import { sealSessionsToWorkspaces } from './workspace-seal.ts';
import { WorkspaceStore } from './workspace-store.ts';

/** Creates the store, seals engine sessions to workspaces, and mounts the routes. */
export function setupWorkspaces(deps: {
  config: QuorraConfig;
  db: DataSource;
  conversation: Conversation;
  contribute: CoreContributions;
}): WorkspaceStore {
  const { config, db, conversation, contribute } = deps;
  const store = new WorkspaceStore(
    db,
    vaultRoot(config),
    () => conversation.engine.knownScopes(),
    Object.keys(personas),
  );
  sealSessionsToWorkspaces(contribute.hooks, store);
  contribute.routes(workspaceRoutes(store));
  contribute.routes(workspaceMemberRoutes(store, (id) => conversation.users.get(id)));
  return store;
}
