// Creates workspaces and workspace_service_bindings.
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreateWorkspaces1764500100000 implements MigrationInterface {
  name = 'CreateWorkspaces1764500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'workspaces',
        columns: [
          { name: 'slug', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'text', default: "''" },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'matrix_room_id', type: 'varchar', length: '255', isNullable: true, isUnique: true },
          { name: 'data_dir', type: 'varchar', length: '1024' },
          { name: 'personas', type: 'text' },
          { name: 'created_by', type: 'varchar', length: '64', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'workspace_service_bindings',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'workspace', type: 'varchar', length: '64' },
          { name: 'service', type: 'varchar', length: '64' },
          { name: 'data_window_json', type: 'text' },
          { name: 'max_tier', type: 'integer', default: 2 },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ columnNames: ['workspace', 'service'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('workspace_service_bindings', true);
    await q.dropTable('workspaces', true);
  }
}
