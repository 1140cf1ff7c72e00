// Creates calendar_object, the embedded backend's store of iCalendar objects (events and tasks).

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CalendarObject } from '../embedded/calendar-object.entity.ts';

const tables = [CalendarObject];

export class CreateCalendarStore1766000000000 implements MigrationInterface {
  name = 'CreateCalendarStore1766000000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
