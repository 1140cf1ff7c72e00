// Adds the reply target (handler name and ref) to matrix_outbox, so a Matrix reply to a notification can be routed.
import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';

const INDEX = 'IDX_matrix_outbox_event_id';

/** Additive: two nullable columns and an index on event_id; existing rows keep no reply target. */
export class AddOutboxReply1764560000000 implements MigrationInterface {
  name = 'AddOutboxReply1764560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('matrix_outbox', [
      new TableColumn({ name: 'reply_handler', type: 'varchar', length: '100', isNullable: true }),
      new TableColumn({ name: 'reply_ref', type: 'varchar', length: '255', isNullable: true }),
    ]);
    await q.createIndex('matrix_outbox', new TableIndex({ name: INDEX, columnNames: ['event_id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('matrix_outbox', INDEX);
    await q.dropColumn('matrix_outbox', 'reply_ref');
    await q.dropColumn('matrix_outbox', 'reply_handler');
  }
}
