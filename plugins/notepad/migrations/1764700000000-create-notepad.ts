// Creates the notepad's jots and the proposed-actions queue from their entities.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../../core/db/entity-tables.ts';
import { Jot } from '../jot.entity.ts';
import { ProposedAction } from '../proposed-action.entity.ts';

const tables = [Jot, ProposedAction];

export class CreateNotepad1764700000000 implements MigrationInterface {
  name = 'CreateNotepad1764700000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
