// GET /matrix/rooms, PUT /matrix/rooms/:roomId (owner), GET /matrix/joined-rooms (owner) and GET /matrix/outbox (owner): the Matrix admin API.
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { JoinedRoom } from './joined-rooms.ts';
import type { MatrixRoom } from './matrix-room.entity.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxItem } from './outbox-item.entity.ts';
import type { RoomStore } from './room-store.ts';

const outboxStates = ['queued', 'sent', 'failed'] as const;
const roomParam = z.object({
  roomId: z.string().regex(/^![^:\s]+:\S+$/, 'a Matrix room ID like !abc:server'),
});
const roomBody = z
  .object({
    workspace: z.string().min(1).max(64).nullable().optional(),
    scope: z
      .array(z.string().regex(/^[a-z][a-z0-9_-]*$/))
      .min(1)
      .max(10)
      .nullable()
      .optional(),
  })
  .strict();
const outboxQuery = z.object({
  state: z.enum(outboxStates).optional(),
  user: z.string().max(64).optional(),
});

/** GET /matrix/joined-rooms on the wire (the admin UI's type of it too). */
export const joinedRoomsReply = z.strictObject({
  rooms: z.array(
    z.strictObject({
      room_id: z.string(),
      name: z.string(),
      people: z.array(z.string()),
      encrypted: z.boolean(),
      workspace: z.string().nullable(),
      scope: z.array(z.string()).nullable(),
    }),
  ),
});
const roomSchema = z.strictObject({
  room_id: z.string(),
  workspace: z.string().nullable(),
  scope: z.array(z.string()).nullable(),
  updated_by: z.string().nullable(),
  updated_at: wireTime,
});
const itemSchema = z.strictObject({
  id: z.string(),
  user_id: z.string(),
  text: z.string(),
  urgency: z.enum(['high', 'normal', 'low']),
  state: z.enum(outboxStates),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: wireTime.nullable(),
  room_id: z.string().nullable(),
  event_id: z.string().nullable(),
  created_at: wireTime,
  sent_at: wireTime.nullable(),
});

function wireRoom(r: MatrixRoom): z.output<typeof roomSchema> {
  return {
    room_id: r.roomId,
    workspace: r.workspace,
    scope: r.scope,
    updated_by: r.updatedBy,
    updated_at: r.updatedAt,
  };
}

function wireItem(i: OutboxItem): z.output<typeof itemSchema> {
  return {
    id: i.id,
    user_id: i.userId,
    text: i.text,
    urgency: i.urgency,
    state: i.state,
    attempts: i.attempts,
    last_error: i.lastError,
    next_attempt_at: i.nextAttemptAt,
    room_id: i.roomId,
    event_id: i.eventId,
    created_at: i.createdAt,
    sent_at: i.sentAt,
  };
}

/** The Matrix admin endpoints. */
export function matrixRoutes(
  rooms: RoomStore,
  outbox: Outbox,
  joinedRooms: () => Promise<JoinedRoom[] | null>,
) {
  return [
    defineRoute({
      method: 'GET',
      path: '/matrix/rooms',
      auth: 'member',
      summary: 'Rooms mapped to workspaces and scopes',
      response: z.strictObject({ rooms: z.array(roomSchema) }),
      handler: async () => ({ rooms: (await rooms.list()).map(wireRoom) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/matrix/joined-rooms',
      auth: 'owner',
      summary: 'The rooms the bot is in, named by the homeserver, with their current mapping',
      response: joinedRoomsReply,
      handler: async () => {
        const joined = await joinedRooms();
        if (!joined)
          throw fail.unavailable('MATRIX_NOT_CONNECTED', 'Quorra is not connected to Matrix right now');
        const mapped = new Map((await rooms.list()).map((r) => [r.roomId, r]));
        return {
          rooms: joined.map((j) => ({
            room_id: j.roomId,
            name: j.name,
            people: j.people,
            encrypted: j.encrypted,
            workspace: mapped.get(j.roomId)?.workspace ?? null,
            scope: mapped.get(j.roomId)?.scope ?? null,
          })),
        };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/matrix/rooms/:roomId',
      auth: 'owner',
      summary: 'Maps a room to a workspace and scope',
      params: roomParam,
      body: roomBody,
      response: roomSchema,
      handler: async ({ principal, params, body }) =>
        wireRoom(await rooms.set(params.roomId, body, principal.userId)),
    }),
    defineRoute({
      method: 'GET',
      path: '/matrix/outbox',
      auth: 'owner',
      summary: 'Notifications queued, sent and failed, with counts',
      query: outboxQuery,
      response: z.strictObject({
        items: z.array(itemSchema),
        counts: z.strictObject({ queued: z.number(), sent: z.number(), failed: z.number() }),
      }),
      handler: async ({ query }) => ({
        items: (await outbox.list({ state: query.state, userId: query.user })).map(wireItem),
        counts: await outbox.counts(),
      }),
    }),
  ];
}
