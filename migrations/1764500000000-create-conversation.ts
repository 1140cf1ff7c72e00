// Creates users, api_tokens, sessions, messages, confirmations and audit_log for the conversation engine.
import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

const now = { name: 'created_at', type: 'datetime' };

export class CreateConversation1764500000000 implements MigrationInterface {
  name = 'CreateConversation1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'display_name', type: 'varchar', length: '200' },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'locale', type: 'varchar', length: '32', default: "'en'" },
          { name: 'timezone', type: 'varchar', length: '64', default: "'UTC'" },
          { name: 'matrix_ids', type: 'text' },
          { name: 'email', type: 'varchar', length: '320', isNullable: true },
          now,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'api_tokens',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'varchar', length: '64' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'label', type: 'varchar', length: '100', default: "''" },
          now,
          { name: 'last_used_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ columnNames: ['token_hash'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'reservation_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'workspace', type: 'varchar', length: '64', isNullable: true },
          { name: 'persona', type: 'varchar', length: '32' },
          { name: 'scope_json', type: 'text', isNullable: true },
          { name: 'origin', type: 'varchar', length: '32', isNullable: true },
          { name: 'purpose', type: 'text', isNullable: true },
          { name: 'active_mode', type: 'varchar', length: '64', isNullable: true },
          { name: 'mode_entry_pending', type: 'boolean', default: false },
          now,
          { name: 'updated_at', type: 'datetime' },
        ],
      }),
    );
    await q.createIndex('sessions', new TableIndex({ columnNames: ['user_id', 'updated_at'] }));
    await q.createTable(
      new Table({
        name: 'messages',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'session_id', type: 'varchar', length: '36' },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'content', type: 'text' },
          { name: 'interrupted', type: 'boolean', default: false },
          now,
        ],
        indices: [{ columnNames: ['session_id', 'id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'confirmations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'session_id', type: 'varchar', length: '36' },
          { name: 'user_id', type: 'varchar', length: '64' },
          { name: 'tool_name', type: 'varchar', length: '64' },
          { name: 'input_json', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          now,
          { name: 'expires_at', type: 'datetime' },
          { name: 'resolved_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ columnNames: ['session_id', 'status'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'at', type: 'datetime' },
          { name: 'user_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'session_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'tool', type: 'varchar', length: '64' },
          { name: 'tier', type: 'integer' },
          { name: 'input_json', type: 'text' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'detail', type: 'text', default: "''" },
        ],
        indices: [{ columnNames: ['at'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['audit_log', 'confirmations', 'messages', 'sessions', 'api_tokens', 'users'])
      await q.dropTable(t, true);
  }
}
