// Creates Dream's state from its entities: cursors, runs, attempts and retirements, settings, subjects,
// note→belief links, reviews.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { dreamTableEntities } from '../../core/dream/dream-tables.ts';

export class CreateDream1764540000000 implements MigrationInterface {
  name = 'CreateDream1764540000000';

  up = (q: QueryRunner) => createEntityTables(q, dreamTableEntities);
  down = (q: QueryRunner) => dropEntityTables(q, dreamTableEntities);
}
