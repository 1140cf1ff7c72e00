// Room event endpoints: send (with transaction ids), state, single events, /messages, relations, typing, receipts.
import { matrixErrors } from './errors.ts';
import { formatEvent, type StoredEvent } from './room.ts';
import { type Route, type RouteContext, route } from './router.ts';
import { assertSelf, objectBody } from './routes-account.ts';
import { joinedRoom, memberRoom } from './routes-rooms.ts';
import { parseToken, toToken } from './stream.ts';

function limitParam(ctx: RouteContext, fallback: number): number {
  const limit = Number(ctx.req.query.limit ?? fallback);
  if (!Number.isInteger(limit) || limit < 0)
    throw matrixErrors.invalidParam('limit must be a non-negative integer');
  return Math.min(limit, 1000);
}

function fmt(ctx: RouteContext) {
  const now = ctx.hs.clock.now();
  return (ev: StoredEvent) => formatEvent(ev, { now, accessToken: ctx.session.accessToken });
}

function getState(ctx: RouteContext): unknown {
  // a strict homeserver (as the spec's grammar reads) has no route for `/state/{type}/` with an empty key
  if (!ctx.params.stateKey && ctx.req.path.endsWith('/'))
    throw matrixErrors.unrecognized(ctx.req.method, ctx.req.path);
  const room = memberRoom(ctx);
  const ev = room.getState(ctx.params.type, ctx.params.stateKey ?? '');
  if (!ev) throw matrixErrors.notFound('Event not found.');
  return ev.content;
}

function putState(ctx: RouteContext): unknown {
  const { roomId, type, stateKey } = ctx.params;
  const ev = ctx.hs.rooms.setState(ctx.session.userId, roomId, type, stateKey ?? '', objectBody(ctx));
  return { event_id: ev.event_id };
}

function messages(ctx: RouteContext): unknown {
  const room = memberRoom(ctx);
  const dir = ctx.req.query.dir ?? 'b';
  if (dir !== 'b' && dir !== 'f') throw matrixErrors.invalidParam('dir must be b or f');
  const limit = limitParam(ctx, 10);
  const from = ctx.req.query.from ? parseToken(ctx.req.query.from) : dir === 'b' ? ctx.hs.stream.pos : 0;
  if (from === undefined) throw matrixErrors.invalidParam('Invalid from token');
  // the events up to `from` backwards, or after it forwards: a slice of the room's events found by position
  const at = room.indexAfter(from);
  const [chunk, more] =
    dir === 'b'
      ? [room.events.slice(Math.max(0, at - limit), at).reverse(), at > limit]
      : [room.events.slice(at, at + limit), room.events.length - at > limit];
  const last = chunk.at(-1);
  const out: Record<string, unknown> = {
    chunk: chunk.map(fmt(ctx)),
    start: toToken(from),
    state: [],
  };
  if (last && more) out.end = toToken(dir === 'b' ? last.pos - 1 : last.pos);
  return out;
}

function relations(ctx: RouteContext): unknown {
  const room = memberRoom(ctx);
  if (!room.event(ctx.params.eventId)) throw matrixErrors.notFound('Event not found.');
  const { relType, eventType } = ctx.params;
  const related = room.relationsOf(ctx.params.eventId).filter((ev) => {
    const rel = ev.content['m.relates_to'] as Record<string, unknown>;
    return (!relType || rel.rel_type === relType) && (!eventType || ev.type === eventType);
  });
  const ordered = ctx.req.query.dir === 'f' ? related : related.reverse();
  return { chunk: ordered.slice(0, limitParam(ctx, 50)).map(fmt(ctx)) };
}

function receipt(ctx: RouteContext): unknown {
  const { roomId, receiptType, eventId } = ctx.params;
  const body = ctx.req.body && typeof ctx.req.body === 'object' ? ctx.req.body : {};
  if (receiptType === 'm.fully_read') {
    joinedRoom(ctx);
    ctx.hs.users.setAccountData(ctx.session.userId, 'm.fully_read', { event_id: eventId }, roomId);
    return {};
  }
  if (receiptType !== 'm.read' && receiptType !== 'm.read.private')
    throw matrixErrors.invalidParam(`Unknown receipt type ${receiptType}`);
  ctx.hs.rooms.addReceipt(ctx.session.userId, roomId, receiptType, eventId, body.thread_id);
  return {};
}

function readMarkers(ctx: RouteContext): unknown {
  const { roomId } = ctx.params;
  joinedRoom(ctx);
  const body = objectBody(ctx);
  if (typeof body['m.fully_read'] === 'string')
    ctx.hs.users.setAccountData(
      ctx.session.userId,
      'm.fully_read',
      { event_id: body['m.fully_read'] },
      roomId,
    );
  for (const type of ['m.read', 'm.read.private'])
    if (typeof body[type] === 'string') ctx.hs.rooms.addReceipt(ctx.session.userId, roomId, type, body[type]);
  return {};
}

/** The room event routes. */
export const eventRoutes: Route[] = [
  route('PUT', '/rooms/:roomId/send/:type/:txnId', (ctx) => {
    const { roomId, type, txnId } = ctx.params;
    return { event_id: ctx.hs.rooms.send(ctx.session, roomId, type, objectBody(ctx), txnId).event_id };
  }),
  route('GET', '/rooms/:roomId/state', (ctx) => [...memberRoom(ctx).state.values()].map(fmt(ctx))),
  route('GET', '/rooms/:roomId/state/:type/:stateKey?', getState),
  route('PUT', '/rooms/:roomId/state/:type/:stateKey?', putState),
  route('GET', '/rooms/:roomId/event/:eventId', (ctx) => {
    const ev = memberRoom(ctx).event(ctx.params.eventId);
    if (!ev) throw matrixErrors.notFound('Event not found.');
    return fmt(ctx)(ev);
  }),
  route('GET', '/rooms/:roomId/messages', messages),
  route('GET', '/rooms/:roomId/relations/:eventId/:relType?/:eventType?', relations),
  route('PUT', '/rooms/:roomId/typing/:userId', (ctx) => {
    assertSelf(ctx, 'set typing');
    const body = objectBody(ctx);
    if (typeof body.typing !== 'boolean') throw matrixErrors.missingParam('Missing typing');
    ctx.hs.rooms.setTyping(ctx.session.userId, ctx.params.roomId, body.typing, body.timeout ?? 30000);
    return {};
  }),
  route('POST', '/rooms/:roomId/receipt/:receiptType/:eventId', receipt),
  route('POST', '/rooms/:roomId/read_markers', readMarkers),
];
