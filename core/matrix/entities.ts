// The Matrix runtime's own tables (sync state, rooms, the event queue, the outbox) and their migrations.
import { CreateMatrix1764530000000 } from '../../migrations/matrix/1764530000000-create-matrix.ts';
import { AddOutboxReply1764560000000 } from '../../migrations/matrix/1764560000000-add-outbox-reply.ts';
import { OutboxSecrets1765400000000 } from '../../migrations/matrix/1765400000000-outbox-secrets.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { ConfirmationMessage } from './confirmation-message.entity.ts';
import { MatrixEvent } from './matrix-event.entity.ts';
import { MatrixKv } from './matrix-kv.entity.ts';
import { MatrixRoom } from './matrix-room.entity.ts';
import { OutboxItem } from './outbox-item.entity.ts';
import { Refusal } from './refusal.entity.ts';
import { RoomSessionRow } from './room-session.entity.ts';

export const matrixTables = defineTables({
  area: 'matrix',
  entities: [MatrixKv, MatrixRoom, MatrixEvent, RoomSessionRow, ConfirmationMessage, Refusal, OutboxItem],
  migrations: [CreateMatrix1764530000000, AddOutboxReply1764560000000, OutboxSecrets1765400000000],
});
