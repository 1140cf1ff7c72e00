// Creates workspace_members and grants every current member every existing non-hosting workspace (today's reach).
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { WorkspaceMember } from '../../core/workspaces/workspace-member.entity.ts';

const tables = [WorkspaceMember];

/** Before this, every member could open every workspace; the grants keep that for what exists, except hosting
 * workspaces (a rental business's rooms and knowledge), which from now on only owners and granted members reach. */
export class CreateWorkspaceMembers1765500000000 implements MigrationInterface {
  name = 'CreateWorkspaceMembers1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await createEntityTables(q, tables);
    await q.query(
      `INSERT INTO workspace_members (workspace, user_id, granted_by, created_at)
       SELECT w.slug, u.id, NULL, CURRENT_TIMESTAMP FROM workspaces w CROSS JOIN users u
       WHERE u.role = 'member' AND u.removed_at IS NULL AND w.kind <> 'hosting'`,
    );
  }

  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
