// Live tests of what the owner types in onboarding: a Matrix homeserver and the bot's login, a model endpoint.
// What the server answers is reported in Quorra's own words (a server's text is data, never shown as is).

/** The outcome of a live test, as the setup page shows it. */
export interface ProbeVerdict {
  ok: boolean;
  says: string;
}

const TIMEOUT_MS = 8000;

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

function unreachable(url: string, err: unknown): ProbeVerdict {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  const why =
    code === 'ECONNREFUSED'
      ? 'nothing is listening there'
      : code === 'ENOTFOUND'
        ? 'that name is not known on this network'
        : (err as Error).name === 'TimeoutError'
          ? 'it did not answer within 8 seconds'
          : 'the connection failed';
  return {
    ok: false,
    says: `Could not reach ${url}: ${why}. Check the address and that the server is running.`,
  };
}

/** A Matrix error code, only when it looks like one (never the server's free text). */
function errcode(body: any): string | undefined {
  return typeof body?.errcode === 'string' && /^M_[A-Z_]{1,40}$/.test(body.errcode)
    ? body.errcode
    : undefined;
}

const LOGIN_WORDS: Record<string, string> = {
  M_FORBIDDEN: 'the user name or password is wrong',
  M_USER_DEACTIVATED: 'that account has been deactivated',
  M_LIMIT_EXCEEDED: 'too many tries; wait a minute and try again',
  M_INVALID_USERNAME: 'that is not a valid user name',
};

/** Checks the homeserver answers as a Matrix server, then logs the bot in; returns its token on success. */
export async function probeMatrix(input: {
  homeserverUrl: string;
  user: string;
  password: string;
}): Promise<ProbeVerdict & { userId?: string; accessToken?: string }> {
  const base = input.homeserverUrl.replace(/\/+$/, '');
  let versions: { status: number; body: any };
  try {
    versions = await getJson(`${base}/_matrix/client/versions`);
  } catch (err) {
    return unreachable(base, err);
  }
  const list: string[] = Array.isArray(versions.body?.versions) ? versions.body.versions : [];
  if (versions.status !== 200 || !list.length)
    return { ok: false, says: `${base} answered, but not as a Matrix homeserver (HTTP ${versions.status}).` };
  const latest = list.filter((v) => /^[rv]\d+(\.\d+)*$/.test(v)).at(-1) ?? 'unknown';
  const user = input.user.startsWith('@') ? input.user.slice(1).split(':')[0] : input.user;
  let login: { status: number; body: any };
  try {
    login = await getJson(`${base}/_matrix/client/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'm.login.password',
        identifier: { type: 'm.id.user', user },
        password: input.password,
        initial_device_display_name: 'Quorra',
      }),
    });
  } catch (err) {
    return unreachable(base, err);
  }
  const token = login.body?.access_token;
  const userId = login.body?.user_id;
  if (
    login.status === 200 &&
    typeof token === 'string' &&
    typeof userId === 'string' &&
    /^@[^:\s]+:\S+$/.test(userId)
  )
    return {
      ok: true,
      says: `Connected: ${base} is a Matrix homeserver (spec ${latest}), and the bot signed in as ${userId}.`,
      userId,
      accessToken: token,
    };
  const code = errcode(login.body);
  const words =
    (code && LOGIN_WORDS[code]) ?? `it refused the login (HTTP ${login.status}${code ? `, ${code}` : ''})`;
  return { ok: false, says: `${base} is a Matrix homeserver, but the bot could not sign in: ${words}.` };
}

/** Checks an OpenAI-compatible endpoint lists its models. */
export async function probeModelEndpoint(input: {
  baseUrl: string;
  apiKey?: string;
}): Promise<ProbeVerdict & { models?: string[] }> {
  const base = input.baseUrl.replace(/\/+$/, '');
  let res: { status: number; body: any };
  try {
    res = await getJson(`${base}/models`, {
      headers: input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {},
    });
  } catch (err) {
    return unreachable(base, err);
  }
  if (res.status === 401 || res.status === 403)
    return { ok: false, says: `${base} wants a valid API key (HTTP ${res.status}).` };
  const ids: string[] = Array.isArray(res.body?.data)
    ? res.body.data
        .map((m: any) => m?.id)
        .filter((id: unknown) => typeof id === 'string' && /^[\w.:/@+-]{1,128}$/.test(id))
    : [];
  if (res.status !== 200 || !ids.length)
    return {
      ok: false,
      says: `${base} answered, but not as an OpenAI-compatible server (HTTP ${res.status}).`,
    };
  const shown = ids.slice(0, 5).join(', ');
  return {
    ok: true,
    says: `Connected: ${base} offers ${ids.length} model${ids.length > 1 ? 's' : ''} (${shown}${ids.length > 5 ? ', …' : ''}).`,
    models: ids,
  };
}
