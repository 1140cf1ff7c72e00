// Creates concierge_reservations and concierge_messages (guest messages and drafts) from their entities.

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { GuestMessage } from '../guest-message.entity.ts';
import { ConciergeReservation } from '../reservation.entity.ts';

const tables = [ConciergeReservation, GuestMessage];

export class CreateConcierge1764550000000 implements MigrationInterface {
  name = 'CreateConcierge1764550000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
