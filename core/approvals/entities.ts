// The approvals queue's one table.
import { ApprovalsInCore1764800000000 } from '../../migrations/approvals/1764800000000-approvals-in-core.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { ProposedAction } from './proposed-action.entity.ts';

export const approvalTables = defineTables({
  area: 'approvals',
  entities: [ProposedAction],
  migrations: [ApprovalsInCore1764800000000],
});
