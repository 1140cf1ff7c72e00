// The approvals queue moves into core: proposed_actions (the notepad created it) keeps its rows and gains an audience,
// a result and who resolved it, and its person becomes optional (an owners row waits on every owner).
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ProposedAction } from '../../core/approvals/proposed-action.entity.ts';
import { addEntityColumns, alterEntityColumns, createEntityTables } from '../../core/db/entity-tables.ts';

export class ApprovalsInCore1764800000000 implements MigrationInterface {
  name = 'ApprovalsInCore1764800000000';

  async up(q: QueryRunner): Promise<void> {
    if (!(await q.hasTable('proposed_actions'))) return createEntityTables(q, [ProposedAction]);
    await addEntityColumns(q, ProposedAction, ['audience', 'result', 'resolvedBy']);
    await alterEntityColumns(q, ProposedAction, ['userId']);
  }

  /** Leaves the table (its rows may predate this step); only the added columns go. */
  async down(q: QueryRunner): Promise<void> {
    for (const column of ['resolved_by', 'result', 'audience'])
      await q.dropColumn('proposed_actions', column);
  }
}
