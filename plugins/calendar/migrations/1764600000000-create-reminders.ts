// Creates calendar_reminder (reminders that survive restarts) and calendar_briefing (each member's daily briefing).
import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateReminders1764600000000 implements MigrationInterface {
  name = 'CreateReminders1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'calendar_reminder',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'created_by', type: 'varchar', length: '64' },
          { name: 'user_id', type: 'varchar', length: '64' },
          { name: 'text', type: 'varchar', length: '500' },
          { name: 'due_at', type: 'datetime' },
          { name: 'time_zone', type: 'varchar', length: '64' },
          { name: 'repeat', type: 'varchar', length: '200', isNullable: true },
          { name: 'local_start', type: 'varchar', length: '16' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'fired_count', type: 'integer' },
          { name: 'last_fired_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
      }),
      true,
    );
    await q.createIndex(
      'calendar_reminder',
      new TableIndex({ name: 'idx_calendar_reminder_due', columnNames: ['state', 'due_at'] }),
    );
    await q.createTable(
      new Table({
        name: 'calendar_briefing',
        columns: [
          { name: 'user_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'time', type: 'varchar', length: '5' },
          { name: 'last_sent_date', type: 'varchar', length: '10', isNullable: true },
          { name: 'set_by', type: 'varchar', length: '64' },
          { name: 'updated_at', type: 'datetime' },
        ],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('calendar_briefing', true);
    await q.dropTable('calendar_reminder', true);
  }
}
