// Creates the Matrix runtime's tables (kv storage, rooms, inbound events, room sessions, confirmation messages,
// refusals, outbox) from their entities.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { ConfirmationMessage } from '../../core/matrix/confirmation-message.entity.ts';
import { MatrixEvent } from '../../core/matrix/matrix-event.entity.ts';
import { MatrixKv } from '../../core/matrix/matrix-kv.entity.ts';
import { MatrixRoom } from '../../core/matrix/matrix-room.entity.ts';
import { OutboxItem } from '../../core/matrix/outbox-item.entity.ts';
import { Refusal } from '../../core/matrix/refusal.entity.ts';
import { RoomSessionRow } from '../../core/matrix/room-session.entity.ts';

const tables = [MatrixKv, MatrixRoom, MatrixEvent, RoomSessionRow, ConfirmationMessage, Refusal, OutboxItem];

/** Additive: seven new tables, nothing existing touched. */
export class CreateMatrix1764530000000 implements MigrationInterface {
  name = 'CreateMatrix1764530000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
