// Creates the Matrix runtime's tables: kv storage, rooms, inbound events, room sessions, confirmation messages, refusals, outbox.
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

const at = (name: string, nullable = false) => ({ name, type: 'datetime', isNullable: nullable });
const id = (name: string, length = '255', primary = false) => ({
  name,
  type: 'varchar',
  length,
  ...(primary ? { isPrimary: true } : {}),
});

/** Additive: seven new tables, nothing existing touched. */
export class CreateMatrix1764530000000 implements MigrationInterface {
  name = 'CreateMatrix1764530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'matrix_kv',
        columns: [id('key', '512', true), { name: 'value', type: 'text' }, at('updated_at')],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_rooms',
        columns: [
          id('room_id', '255', true),
          { name: 'workspace', type: 'varchar', length: '64', isNullable: true },
          { name: 'scope_json', type: 'text', isNullable: true },
          { name: 'updated_by', type: 'varchar', length: '64', isNullable: true },
          at('updated_at'),
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_events',
        columns: [
          id('event_id', '255', true),
          id('room_id'),
          id('sender'),
          { name: 'origin_ts', type: 'integer' },
          { name: 'event', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'reason', type: 'varchar', length: '200', isNullable: true },
          { name: 'reply_event_id', type: 'varchar', length: '255', isNullable: true },
          at('received_at'),
          at('updated_at'),
        ],
        indices: [{ columnNames: ['status'] }],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_room_sessions',
        columns: [
          id('session_id', '36', true),
          id('room_id'),
          id('user_id', '64'),
          id('workspace_key', '64'),
          { name: 'scope_json', type: 'text', isNullable: true },
          at('created_at'),
        ],
        indices: [{ columnNames: ['room_id', 'user_id', 'workspace_key'], isUnique: true }],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_confirmation_messages',
        columns: [
          id('event_id', '255', true),
          id('room_id'),
          id('user_id', '64'),
          id('confirmation_id', '36'),
          id('session_id', '36'),
          at('created_at'),
        ],
        indices: [{ columnNames: ['room_id', 'user_id'] }],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_refusals',
        columns: [
          id('room_id', '255', true),
          id('sender', '255', true),
          id('day', '10', true),
          at('created_at'),
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'matrix_outbox',
        columns: [
          id('id', '36', true),
          id('user_id', '64'),
          { name: 'text', type: 'text' },
          { name: 'urgency', type: 'varchar', length: '8' },
          { name: 'state', type: 'varchar', length: '8' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'text', isNullable: true },
          at('next_attempt_at', true),
          { name: 'room_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'event_id', type: 'varchar', length: '255', isNullable: true },
          at('created_at'),
          at('sent_at', true),
        ],
        indices: [{ columnNames: ['state', 'next_attempt_at'] }],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'matrix_outbox',
      'matrix_refusals',
      'matrix_confirmation_messages',
      'matrix_room_sessions',
      'matrix_events',
      'matrix_rooms',
      'matrix_kv',
    ])
      await q.dropTable(t, true);
  }
}
