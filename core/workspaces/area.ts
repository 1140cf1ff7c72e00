// The workspaces area: the store, the engine hooks that seal sessions to workspaces, and the routes.
import { defineArea } from '../app-area.ts';
import { vaultRoot } from '../config/data-paths.ts';
import { personas } from '../engine/personas.ts';
import { workspaceTables } from './entities.ts';
import { workspaceMemberRoutes } from './workspace-member-routes.ts';
import { workspaceRoutes } from './workspace-routes.ts';
import {
  admitToWorkspace,
  checkWorkspaceSession,
  withinTierPolicy,
  workspaceListSection,
} from './workspace-seal.ts';
import { WorkspaceStore } from './workspace-store.ts';

/** Creates the store, seals engine sessions to workspaces, and mounts the routes. */
export const workspacesArea = defineArea<object, WorkspaceStore>({
  id: 'workspaces',
  tables: workspaceTables,
  activate({ config, db, conversation, contribute }) {
    const store = new WorkspaceStore(
      db,
      vaultRoot(config),
      () => conversation.engine.knownScopes(),
      Object.keys(personas),
    );
    const { hooks } = contribute;
    hooks.add('filterTools', ({ session }, tools) => withinTierPolicy(store, session, tools));
    hooks.add('validateSession', (session, principal) => checkWorkspaceSession(store, session, principal));
    hooks.add('admitTurn', (session, principal) => admitToWorkspace(store, session, principal));
    hooks.add('admitWorkspace', async (principal, slug) => {
      if (!(await store.mayUse(principal, slug))) throw new Error('not a member of that workspace');
    });
    hooks.add('context', ({ session, principal }) => workspaceListSection(store, session, principal));
    contribute.routes(workspaceRoutes(store, personas));
    contribute.routes(workspaceMemberRoutes(store, (id) => conversation.users.get(id)));
    return store;
  },
});
