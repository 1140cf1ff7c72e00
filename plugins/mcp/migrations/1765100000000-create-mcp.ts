// Creates the mcp plugin's table of pinned (approved) server tools from its entity.

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ToolPin } from '../tool-pin.entity.ts';

const tables = [ToolPin];

export class CreateMcp1765100000000 implements MigrationInterface {
  name = 'CreateMcp1765100000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
