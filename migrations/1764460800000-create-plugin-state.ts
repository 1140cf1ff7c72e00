// Creates plugin_state: one row per known plugin and whether it is enabled.
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreatePluginState1764460800000 implements MigrationInterface {
  name = 'CreatePluginState1764460800000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'plugin_state',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'enabled', type: 'boolean' },
          { name: 'updated_at', type: 'datetime' },
        ],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('plugin_state', true);
  }
}
