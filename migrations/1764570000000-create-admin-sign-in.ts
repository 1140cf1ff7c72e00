// Creates the admin UI's sign-in grants (Matrix code / one-time link) and browser sessions; users can be removed.
import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';

/** Additive: two new tables and users.removed_at (a removed user's id is never reused). */
export class CreateAdminSignIn1764570000000 implements MigrationInterface {
  name = 'CreateAdminSignIn1764570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'auth_sign_in_grants',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '64' },
          { name: 'code_hash', type: 'varchar', length: '64', isNullable: true },
          { name: 'link_hash', type: 'varchar', length: '64' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ columnNames: ['user_id'] }, { columnNames: ['link_hash'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'auth_browser_sessions',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '64' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime' },
          { name: 'last_seen_at', type: 'datetime' },
        ],
        indices: [{ columnNames: ['user_id'] }],
      }),
    );
    await q.addColumn('users', new TableColumn({ name: 'removed_at', type: 'datetime', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'removed_at');
    await q.dropTable('auth_browser_sessions');
    await q.dropTable('auth_sign_in_grants');
  }
}
