// Creates the notepad's jots and the proposed-actions queue.
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreateNotepad1764700000000 implements MigrationInterface {
  name = 'CreateNotepad1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'notepad_jots',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'client_id', type: 'varchar', length: '200' },
          { name: 'text', type: 'text' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'source', type: 'varchar', length: '16' },
          { name: 'note', type: 'text', isNullable: true },
          { name: 'qa', type: 'text' },
          { name: 'not_before', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'triaged_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ name: 'uq_notepad_jots_client', columnNames: ['user_id', 'client_id'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'proposed_actions',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'source_kind', type: 'varchar', length: '32' },
          { name: 'source_id', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'payload', type: 'text' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'resolved_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ name: 'ix_proposed_actions_user_state', columnNames: ['user_id', 'state'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('proposed_actions');
    await q.dropTable('notepad_jots');
  }
}
