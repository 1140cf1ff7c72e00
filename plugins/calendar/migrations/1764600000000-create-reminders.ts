// Creates calendar_reminder (reminders that survive restarts) and calendar_briefing (each member's daily
// briefing) from their entities.

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Briefing } from '../briefing/briefing.entity.ts';
import { Reminder } from '../reminders/reminder.entity.ts';

const tables = [Reminder, Briefing];

export class CreateReminders1764600000000 implements MigrationInterface {
  name = 'CreateReminders1764600000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
