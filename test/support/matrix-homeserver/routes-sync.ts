// GET /sync: resolves the filter and tokens, then long-polls until something new happens or the timeout passes.
import { matrixErrors } from './errors.ts';
import { timelineFilterOf } from './event-filter.ts';
import { type Route, type RouteContext, route } from './router.ts';
import { parseToken } from './stream.ts';
import { buildSync } from './sync.ts';

const defaultTimelineLimit = 10;

function resolveFilter(ctx: RouteContext): Record<string, any> {
  const raw = ctx.req.query.filter;
  if (!raw) return {};
  if (raw.trim().startsWith('{')) {
    try {
      return JSON.parse(raw);
    } catch {
      throw matrixErrors.invalidParam('filter is not valid JSON');
    }
  }
  const stored = ctx.hs.users.getFilter(ctx.session.userId, raw);
  if (!stored) throw matrixErrors.invalidParam(`No such filter ${raw}`);
  return stored;
}

async function sync(ctx: RouteContext): Promise<unknown> {
  const { query } = ctx.req;
  const since = query.since === undefined ? undefined : parseToken(query.since);
  if (query.since !== undefined && since === undefined)
    throw matrixErrors.invalidParam('Invalid since token');
  const filter = resolveFilter(ctx);
  const timelineFilter = timelineFilterOf(filter);
  const { quirks } = ctx.hs;
  const { userId } = ctx.session;
  const answerFrom = quirks.sinceFor(userId, since);
  const filterLimit = Number(filter.room?.timeline?.limit ?? defaultTimelineLimit);
  const limit = quirks.timelineLimitFor(userId, filterLimit);
  // a late invite reaches only syncs that started after it was sent
  const startedAt = quirks.lateInvites.has(userId) ? ctx.hs.stream.pos : undefined;
  const timeout = Math.max(0, Number(query.timeout ?? 0) || 0);
  const fullState = query.full_state === 'true';
  const deadline = Date.now() + timeout;
  const { stream } = ctx.hs;
  const releases = stream.releaseCount;
  for (;;) {
    const result = buildSync(ctx.hs.rooms.of(userId), ctx.hs.users, {
      session: ctx.session,
      since: answerFrom,
      invites: { visibleUpTo: startedAt, withheld: quirks.withheldFor(userId) },
      keys: ctx.hs.keys,
      upto: stream.pos,
      fullState,
      timelineLimit: Number.isFinite(limit) && limit > 0 ? limit : defaultTimelineLimit,
      timelineFilter,
      includeLeave: filter.room?.include_leave === true,
      now: ctx.hs.clock.now(),
    });
    const remaining = deadline - Date.now();
    const answerNow = since === undefined || fullState || remaining <= 0 || stream.releaseCount !== releases;
    if (!result.empty || answerNow || stream.isClosed || ctx.signal.aborted) return result.body;
    await stream.waitBeyond(stream.pos, remaining, ctx.signal, userId);
  }
}

/** The sync route. */
export const syncRoutes: Route[] = [route('GET', '/sync', sync)];
