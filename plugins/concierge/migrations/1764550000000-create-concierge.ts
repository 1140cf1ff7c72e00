// Creates concierge_reservations (reservations and their engine session) and concierge_messages (guest messages and drafts).
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreateConcierge1764550000000 implements MigrationInterface {
  name = 'CreateConcierge1764550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'concierge_reservations',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account', type: 'varchar', length: '200' },
          { name: 'external_id', type: 'varchar', length: '200' },
          { name: 'workspace', type: 'varchar', length: '128' },
          { name: 'guest_name', type: 'varchar', length: '200' },
          { name: 'check_in', type: 'varchar', length: '40' },
          { name: 'check_out', type: 'varchar', length: '40' },
          { name: 'property', type: 'varchar', length: '200', isNullable: true },
          { name: 'status', type: 'varchar', length: '40', isNullable: true },
          { name: 'session_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [
          {
            name: 'uq_concierge_reservations_account_external',
            columnNames: ['account', 'external_id'],
            isUnique: true,
          },
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'concierge_messages',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'reservation_id', type: 'varchar', length: '64' },
          { name: 'account', type: 'varchar', length: '200' },
          { name: 'external_id', type: 'varchar', length: '200' },
          { name: 'guest_text', type: 'text' },
          { name: 'guest_sent_at', type: 'varchar', length: '40' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'draft', type: 'text', isNullable: true },
          { name: 'escalation_reason', type: 'text', isNullable: true },
          { name: 'last_error', type: 'text', isNullable: true },
          { name: 'sent_text', type: 'text', isNullable: true },
          { name: 'pms_message_id', type: 'varchar', length: '200', isNullable: true },
          { name: 'sent_by', type: 'varchar', length: '128', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [
          {
            name: 'uq_concierge_messages_account_external',
            columnNames: ['account', 'external_id'],
            isUnique: true,
          },
          { name: 'idx_concierge_messages_reservation', columnNames: ['reservation_id'] },
          { name: 'idx_concierge_messages_state', columnNames: ['state'] },
        ],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('concierge_messages', true);
    await q.dropTable('concierge_reservations', true);
  }
}
