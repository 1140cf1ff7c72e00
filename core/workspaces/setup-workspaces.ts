// Wires workspaces into the app: the store, the engine's sealing hooks and the HTTP endpoints.
import path from 'node:path';
import type Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { QuorraConfig } from '../config/schema.ts';
import { personas } from '../engine/personas.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import { addWorkspaceRoutes } from '../http/workspace-routes.ts';
import { sealSessionsToWorkspaces } from './workspace-seal.ts';
import { WorkspaceStore } from './workspace-store.ts';

/** The vault root every workspace folder lives under. */
export function vaultRoot(config: QuorraConfig): string {
  return path.resolve(config.vaultDir ?? path.join(config.dataDir, 'vault'));
}

/** Creates the store, seals engine sessions to workspaces, and mounts the routes. */
export function setupWorkspaces(deps: {
  config: QuorraConfig;
  db: DataSource;
  conversation: Conversation;
  router: Router;
}): WorkspaceStore {
  const { config, db, conversation, router } = deps;
  const store = new WorkspaceStore(
    db,
    vaultRoot(config),
    () => conversation.engine.knownScopes(),
    Object.keys(personas),
  );
  sealSessionsToWorkspaces(conversation.hooks, store);
  addWorkspaceRoutes(router, conversation.auth, store);
  return store;
}
