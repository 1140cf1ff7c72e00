// Adds the reply target (handler name and ref) to matrix_outbox, so a Matrix reply to a notification can be routed.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addEntityColumns, addEntityIndices } from '../../core/db/entity-tables.ts';
import { OutboxItem } from '../../core/matrix/outbox-item.entity.ts';

const INDEX = 'IDX_matrix_outbox_event_id';

/** Additive: two nullable columns and an index on event_id; existing rows keep no reply target. */
export class AddOutboxReply1764560000000 implements MigrationInterface {
  name = 'AddOutboxReply1764560000000';

  async up(q: QueryRunner): Promise<void> {
    await addEntityColumns(q, OutboxItem, ['replyHandler', 'replyRef']);
    await addEntityIndices(q, OutboxItem, [INDEX]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('matrix_outbox', INDEX);
    await q.dropColumn('matrix_outbox', 'reply_ref');
    await q.dropColumn('matrix_outbox', 'reply_handler');
  }
}
