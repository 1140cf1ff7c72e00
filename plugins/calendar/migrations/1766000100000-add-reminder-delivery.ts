// Adds calendar_reminder.undelivered_reason and offered_at: a reminder nobody can receive stays pending, with why.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addEntityColumns } from '../../../core/db/entity-tables.ts';
import { Reminder } from '../reminders/reminder.entity.ts';

export class AddReminderDelivery1766000100000 implements MigrationInterface {
  name = 'AddReminderDelivery1766000100000';

  up = (q: QueryRunner) => addEntityColumns(q, Reminder, ['undeliveredReason', 'offeredAt']);
  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('calendar_reminder', 'offered_at');
    await q.dropColumn('calendar_reminder', 'undelivered_reason');
  }
}
