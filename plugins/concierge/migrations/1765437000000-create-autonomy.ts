// Creates the auto-send policy and decision tables from their entities (a policy row only exists once the owner saves one).

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ConciergeAutonomyDecision } from '../autonomy/autonomy-decision.entity.ts';
import { ConciergeAutonomyPolicy } from '../autonomy/autonomy-policy.entity.ts';

const tables = [ConciergeAutonomyPolicy, ConciergeAutonomyDecision];

export class CreateConciergeAutonomy1765437000000 implements MigrationInterface {
  name = 'CreateConciergeAutonomy1765437000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
