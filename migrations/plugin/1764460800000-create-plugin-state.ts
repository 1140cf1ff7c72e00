// Creates plugin_state (one row per known plugin and whether it is enabled) from its entity.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { PluginState } from '../../core/plugin/plugin-state.entity.ts';

const tables = [PluginState];

export class CreatePluginState1764460800000 implements MigrationInterface {
  name = 'CreatePluginState1764460800000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
