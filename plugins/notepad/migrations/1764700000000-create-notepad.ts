// Creates the notepad's jots from their entity (the proposed-actions queue it once created here is core's now).

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Jot } from '../jot.entity.ts';

const tables = [Jot];

export class CreateNotepad1764700000000 implements MigrationInterface {
  name = 'CreateNotepad1764700000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
