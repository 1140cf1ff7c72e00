// Creates calendar_subscription: the read-only calendars a household follows (their events live in calendar_object).

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Subscription } from '../subscriptions/subscription.entity.ts';

const tables = [Subscription];

export class CreateSubscriptions1766000200000 implements MigrationInterface {
  name = 'CreateSubscriptions1766000200000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
