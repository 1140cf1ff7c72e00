// Room membership endpoints: createRoom, invite, join, leave, members, joined_members, joined_rooms.
import { type CreateRoomBody, createRoom } from './create-room.ts';
import { matrixErrors } from './errors.ts';
import { formatEvent, type Room } from './room.ts';
import { type Route, type RouteContext, route } from './router.ts';
import { objectBody } from './routes-account.ts';

/** Throws M_FORBIDDEN unless the caller is (or was) in the room; returns the room. */
export function memberRoom(ctx: RouteContext, roomId = ctx.params.roomId): Room {
  const room = ctx.hs.rooms.get(roomId);
  const membership = room.membership(ctx.session.userId);
  if (membership !== 'join' && membership !== 'leave')
    throw matrixErrors.forbidden(`User ${ctx.session.userId} not in room ${roomId}`);
  return room;
}

/** Throws M_FORBIDDEN unless the caller is joined to the room now; returns the room. */
export function joinedRoom(ctx: RouteContext, roomId = ctx.params.roomId): Room {
  const room = ctx.hs.rooms.get(roomId);
  if (room.membership(ctx.session.userId) !== 'join')
    throw matrixErrors.forbidden(`User ${ctx.session.userId} not in room ${roomId}`);
  return room;
}

function members(ctx: RouteContext): unknown {
  const room = memberRoom(ctx);
  const { membership, not_membership: notMembership } = ctx.req.query;
  const now = ctx.hs.clock.now();
  const chunk = room
    .memberEvents()
    .filter((ev) => !membership || ev.content.membership === membership)
    .filter((ev) => !notMembership || ev.content.membership !== notMembership)
    .map((ev) => formatEvent(ev, { now, accessToken: ctx.session.accessToken }));
  return { chunk };
}

function joinedMembers(ctx: RouteContext): unknown {
  const room = joinedRoom(ctx);
  const joined: Record<string, Record<string, unknown>> = {};
  for (const ev of room.memberEvents()) {
    if (ev.content.membership !== 'join') continue;
    joined[ev.state_key!] = {
      display_name: ev.content.displayname ?? null,
      avatar_url: ev.content.avatar_url ?? null,
    };
  }
  return { joined };
}

/** Some servers refuse rejecting (or forgetting) an invite, e.g. one from a remote server they cannot reach. */
function refuseFromInvite(ctx: RouteContext, what: string): void {
  if (!ctx.hs.quirks.refuseLeaveFromInvite) return;
  if (ctx.hs.rooms.get(ctx.params.roomId).membership(ctx.session.userId) === 'invite')
    throw matrixErrors.forbidden(`Cannot ${what} this invite right now`);
}

function join(ctx: RouteContext): unknown {
  const idOrAlias = ctx.params.roomIdOrAlias ?? ctx.params.roomId;
  if (ctx.req.body !== undefined) objectBody(ctx);
  const room = ctx.hs.rooms.join(ctx.session.userId, idOrAlias);
  return { room_id: room.id };
}

/** The membership routes. */
export const roomRoutes: Route[] = [
  route('POST', '/createRoom', (ctx) => {
    const body = (ctx.req.body === undefined ? {} : objectBody(ctx)) as CreateRoomBody;
    return { room_id: createRoom(ctx.hs.rooms, ctx.hs.users, ctx.session.userId, body) };
  }),
  route('POST', '/rooms/:roomId/invite', (ctx) => {
    const body = objectBody(ctx);
    if (typeof body.user_id !== 'string') throw matrixErrors.missingParam('Missing user_id');
    const extra = body.reason ? { reason: body.reason } : {};
    ctx.hs.rooms.invite(ctx.session.userId, ctx.params.roomId, body.user_id, extra);
    return {};
  }),
  route('POST', '/join/:roomIdOrAlias', join),
  route('POST', '/rooms/:roomId/join', join),
  route('POST', '/rooms/:roomId/leave', (ctx) => {
    refuseFromInvite(ctx, 'reject');
    ctx.hs.rooms.leave(ctx.session.userId, ctx.params.roomId);
    return {};
  }),
  route('POST', '/rooms/:roomId/forget', (ctx) => {
    const room = ctx.hs.rooms.get(ctx.params.roomId);
    if (room.membership(ctx.session.userId) === 'join') throw matrixErrors.forbidden('User is in the room');
    refuseFromInvite(ctx, 'forget');
    return {};
  }),
  route('GET', '/rooms/:roomId/members', members),
  route('GET', '/rooms/:roomId/joined_members', joinedMembers),
  route('GET', '/joined_rooms', (ctx) => ({
    joined_rooms: ctx.hs.rooms
      .of(ctx.session.userId)
      .filter((room) => room.membership(ctx.session.userId) === 'join')
      .map((room) => room.id),
  })),
  route('GET', '/directory/room/:alias', (ctx) => ({
    room_id: ctx.hs.rooms.resolve(ctx.params.alias).id,
    servers: [ctx.hs.serverName],
  })),
];
