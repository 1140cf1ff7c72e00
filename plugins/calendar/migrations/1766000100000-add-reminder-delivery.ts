// Adds calendar_reminder.undelivered_reason and offered_at: a reminder nobody can receive stays pending, with why.

import { addEntityColumns } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Reminder } from '../reminders/reminder.entity.ts';

export class AddReminderDelivery1766000100000 implements MigrationInterface {
  name = 'AddReminderDelivery1766000100000';

  up = (q: QueryRunner) => addEntityColumns(q, Reminder, ['undeliveredReason', 'offeredAt']);
  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('calendar_reminder', 'offered_at');
    await q.dropColumn('calendar_reminder', 'undelivered_reason');
  }
}
