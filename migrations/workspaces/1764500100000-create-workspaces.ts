// Creates workspaces and workspace_service_bindings from their entities.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { Workspace } from '../../core/workspaces/workspace.entity.ts';
import { WorkspaceBinding } from '../../core/workspaces/workspace-binding.entity.ts';

const tables = [Workspace, WorkspaceBinding];

export class CreateWorkspaces1764500100000 implements MigrationInterface {
  name = 'CreateWorkspaces1764500100000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
