// The Matrix runtime's own tables, appended to the core entity list.
import { ConfirmationMessage } from './confirmation-message.entity.ts';
import { MatrixEvent } from './matrix-event.entity.ts';
import { MatrixKv } from './matrix-kv.entity.ts';
import { MatrixRoom } from './matrix-room.entity.ts';
import { OutboxItem } from './outbox-item.entity.ts';
import { Refusal } from './refusal.entity.ts';
import { RoomSessionRow } from './room-session.entity.ts';

/** Appended to the core entity list in core/schema/core-entities.ts. */
export const matrixEntities: Function[] = [
  MatrixKv,
  MatrixRoom,
  MatrixEvent,
  RoomSessionRow,
  ConfirmationMessage,
  Refusal,
  OutboxItem,
];
