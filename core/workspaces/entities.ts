// Workspaces, what each binds, and who may use it.
import { CreateWorkspaces1764500100000 } from '../../migrations/workspaces/1764500100000-create-workspaces.ts';
import { CreateWorkspaceMembers1765500000000 } from '../../migrations/workspaces/1765500000000-create-workspace-members.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { Workspace } from './workspace.entity.ts';
import { WorkspaceBinding } from './workspace-binding.entity.ts';
import { WorkspaceMember } from './workspace-member.entity.ts';

export const workspaceTables = defineTables({
  area: 'workspaces',
  entities: [Workspace, WorkspaceBinding, WorkspaceMember],
  migrations: [CreateWorkspaces1764500100000, CreateWorkspaceMembers1765500000000],
});
