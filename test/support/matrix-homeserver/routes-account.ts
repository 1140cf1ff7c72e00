// Account endpoints: versions, login/logout/whoami, profiles, account data, filters, push rules, capabilities, presence.
import { MatrixApiError, matrixErrors } from './errors.ts';
import { type Route, type RouteContext, route } from './router.ts';

const specVersions = [
  'r0.5.0',
  'r0.6.0',
  'r0.6.1',
  'v1.1',
  'v1.2',
  'v1.3',
  'v1.4',
  'v1.5',
  'v1.6',
  'v1.7',
  'v1.8',
  'v1.9',
];

/** Throws M_BAD_JSON unless the request body is a JSON object; returns it. */
export function objectBody(ctx: RouteContext): Record<string, any> {
  const body = ctx.req.body;
  if (body === undefined) throw matrixErrors.notJson();
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw matrixErrors.badJson('Content must be a JSON object.');
  return body;
}

/** Throws M_FORBIDDEN unless the path's user is the caller. */
export function assertSelf(ctx: RouteContext, what: string): void {
  if (ctx.params.userId !== ctx.session.userId)
    throw matrixErrors.forbidden(`Cannot ${what} for other users.`);
}

function login(ctx: RouteContext): unknown {
  const body = objectBody(ctx);
  if (body.type !== 'm.login.password')
    throw new MatrixApiError(400, 'M_UNKNOWN', `Unknown login type ${String(body.type)}`);
  const user = body.identifier?.type === 'm.id.user' ? body.identifier.user : body.user;
  if (typeof user !== 'string' || typeof body.password !== 'string')
    throw matrixErrors.missingParam('Missing user identifier or password');
  const session = ctx.hs.users.login(user, body.password, body.device_id);
  return {
    user_id: session.userId,
    access_token: session.accessToken,
    device_id: session.deviceId,
    home_server: ctx.hs.serverName,
  };
}

function profileField(ctx: RouteContext): string {
  const field = ctx.params.field;
  if (field !== 'displayname' && field !== 'avatar_url')
    throw matrixErrors.unrecognized(ctx.req.method, ctx.req.path);
  return field;
}

function setProfileField(ctx: RouteContext): unknown {
  assertSelf(ctx, 'set profile');
  const field = profileField(ctx);
  const value = objectBody(ctx)[field];
  const user = ctx.hs.users.require(ctx.session.userId);
  if (field === 'displayname') user.displayName = value ?? undefined;
  else user.avatarUrl = value ?? undefined;
  ctx.hs.rooms.refreshProfile(user.userId);
  return {};
}

function profile(ctx: RouteContext): unknown {
  const user = ctx.hs.users.require(ctx.params.userId);
  const out: Record<string, string> = {};
  if (user.displayName) out.displayname = user.displayName;
  if (user.avatarUrl) out.avatar_url = user.avatarUrl;
  return out;
}

function getAccountData(ctx: RouteContext): unknown {
  assertSelf(ctx, 'get account data');
  const { userId, type, roomId } = ctx.params;
  const content = ctx.hs.users.getAccountData(userId, type, roomId);
  if (!content) throw matrixErrors.notFound('Account data not found');
  return content;
}

function putAccountData(ctx: RouteContext): unknown {
  assertSelf(ctx, 'add account data');
  const { userId, type, roomId } = ctx.params;
  if (roomId) ctx.hs.rooms.get(roomId);
  ctx.hs.users.setAccountData(userId, type, objectBody(ctx), roomId);
  return {};
}

function capabilities(): unknown {
  const available: Record<string, string> = {};
  for (let v = 1; v <= 11; v++) available[String(v)] = 'stable';
  return {
    capabilities: {
      'm.change_password': { enabled: false },
      'm.room_versions': { default: '10', available },
      'm.set_displayname': { enabled: true },
      'm.set_avatar_url': { enabled: true },
      'm.3pid_changes': { enabled: false },
    },
  };
}

/** The account routes. */
export const accountRoutes: Route[] = [
  route('GET', '/_matrix/client/versions', () => ({ versions: specVersions, unstable_features: {} }), {
    auth: false,
    raw: true,
  }),
  route('GET', '/.well-known/matrix/client', (ctx) => ({ 'm.homeserver': { base_url: ctx.hs.baseUrl } }), {
    auth: false,
    raw: true,
  }),
  route('GET', '/login', () => ({ flows: [{ type: 'm.login.password' }] }), { auth: false }),
  route('POST', '/login', login, { auth: false }),
  route('POST', '/logout', (ctx) => {
    ctx.hs.users.logout(ctx.session.accessToken);
    return {};
  }),
  route('GET', '/account/whoami', (ctx) => ({
    user_id: ctx.session.userId,
    device_id: ctx.session.deviceId,
    is_guest: false,
  })),
  route('GET', '/profile/:userId', profile, { auth: false }),
  route(
    'GET',
    '/profile/:userId/:field',
    (ctx) => {
      const field = profileField(ctx);
      const value = (profile(ctx) as Record<string, string>)[field];
      if (value === undefined) throw matrixErrors.notFound('Profile field not set');
      return { [field]: value };
    },
    { auth: false },
  ),
  route('PUT', '/profile/:userId/:field', setProfileField),
  route('GET', '/user/:userId/account_data/:type', getAccountData),
  route('PUT', '/user/:userId/account_data/:type', putAccountData),
  route('GET', '/user/:userId/rooms/:roomId/account_data/:type', getAccountData),
  route('PUT', '/user/:userId/rooms/:roomId/account_data/:type', putAccountData),
  route('POST', '/user/:userId/filter', (ctx) => {
    assertSelf(ctx, 'create filters');
    return { filter_id: ctx.hs.users.addFilter(ctx.session.userId, objectBody(ctx)) };
  }),
  route('GET', '/user/:userId/filter/:filterId', (ctx) => {
    assertSelf(ctx, 'get filters');
    const filter = ctx.hs.users.getFilter(ctx.params.userId, ctx.params.filterId);
    if (!filter) throw matrixErrors.notFound('No such filter');
    return filter;
  }),
  route('GET', '/pushrules', () => ({
    global: { override: [], content: [], room: [], sender: [], underride: [] },
  })),
  route('GET', '/capabilities', capabilities),
  route('GET', '/presence/:userId/status', (ctx) => {
    ctx.hs.users.require(ctx.params.userId);
    return { presence: 'online' };
  }),
  route('PUT', '/presence/:userId/status', (ctx) => {
    assertSelf(ctx, 'set presence');
    return {};
  }),
];
