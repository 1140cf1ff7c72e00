// GET /matrix/rooms, PUT /matrix/rooms/:roomId (owner) and GET /matrix/outbox (owner): the Matrix admin API.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf, userOf } from '../auth/authenticate.ts';
import type { MatrixRoom } from '../matrix/matrix-room.entity.ts';
import type { Outbox } from '../matrix/outbox.ts';
import type { OutboxItem } from '../matrix/outbox-item.entity.ts';
import type { RoomStore } from '../matrix/room-store.ts';
import { body, params, query } from './validate.ts';

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
  state: z.enum(['queued', 'sent', 'failed']).optional(),
  user: z.string().max(64).optional(),
});

function wireRoom(r: MatrixRoom) {
  return {
    room_id: r.roomId,
    workspace: r.workspace,
    scope: r.scope,
    updated_by: r.updatedBy,
    updated_at: r.updatedAt,
  };
}

function wireItem(i: OutboxItem) {
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

/** Adds the Matrix admin endpoints behind authentication. */
export function addMatrixRoutes(router: Router, auth: Middleware, rooms: RoomStore, outbox: Outbox): void {
  router.get('/matrix/rooms', auth, async (ctx) => {
    userOf(ctx);
    ctx.body = { rooms: (await rooms.list()).map(wireRoom) };
  });
  router.put('/matrix/rooms/:roomId', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const { roomId } = params(ctx, roomParam);
    ctx.body = wireRoom(await rooms.set(roomId, body(ctx, roomBody), owner.userId));
  });
  router.get('/matrix/outbox', auth, async (ctx) => {
    ownerOf(ctx);
    const q = query(ctx, outboxQuery);
    ctx.body = {
      items: (await outbox.list({ state: q.state, userId: q.user })).map(wireItem),
      counts: await outbox.counts(),
    };
  });
}
