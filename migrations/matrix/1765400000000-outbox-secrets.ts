// Keeps sign-in codes out of the outbox: a secret_kind column, and rows already holding a code rewritten to a label.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addEntityColumns } from '../../core/db/entity-tables.ts';
import { OutboxItem } from '../../core/matrix/outbox-item.entity.ts';

/** Additive column; the only change to existing rows removes codes and links stored in clear by earlier versions. */
export class OutboxSecrets1765400000000 implements MigrationInterface {
  name = 'OutboxSecrets1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await addEntityColumns(q, OutboxItem, ['secretKind']);
    // a queued one is still delivered, with a fresh code made at delivery (the stored one stops mattering)
    await q.query(
      `UPDATE matrix_outbox SET secret_kind = 'sign-in', text = COALESCE(
         (SELECT 'a sign-in code for ' || u.display_name FROM users u WHERE u.id = matrix_outbox.user_id),
         'a sign-in code')
       WHERE text LIKE 'Your Quorra sign-in code is %'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('matrix_outbox', 'secret_kind');
  }
}
