// Same-origin JSON calls with the session cookie (+ CSRF header on writes) or a pasted token; Quorra's {error:{code,message}} envelope becomes an ApiError.

const TOKEN_KEY = 'quorra.admin.token';

/** An HTTP failure from Quorra: status, the envelope's code and message, and its details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The token kept for this browser tab, if any. */
export function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** Keeps the token for this tab only (sessionStorage). */
export function storeToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

/** Forgets the token (sign out). */
export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

let csrfToken: string | null = null;

/** Keeps the session's CSRF token (in memory only) for every write; null forgets it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Fired on window when a signed-in call answers 401, so the shell can ask for a token again. */
export const UNAUTHORIZED_EVENT = 'quorra-unauthorized';

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  if (e && typeof e.code === 'string') {
    return new ApiError(res.status, e.code, typeof e.message === 'string' ? e.message : e.code, e.details);
  }
  return new ApiError(res.status, `HTTP_${res.status}`, res.statusText || `request failed (${res.status})`);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Use this token instead of the stored one (sign-in checks a token before keeping it). */
  token?: string | null;
  /** Statuses whose JSON body is a valid answer rather than an error (GET /health answers 503 with a report). */
  acceptStatus?: number[];
  /** Cancels the request (and, for a stream, stops reading it). */
  signal?: AbortSignal;
}

/** Calls a Quorra endpoint and returns its JSON; throws ApiError on any non-2xx answer. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined as T;
  return res.json() as Promise<T>;
}

/** The raw answer (after the same auth and error handling), for a body read as it arrives (an event stream). */
export function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  return send(path, opts);
}

/** Like apiRequest, for endpoints that answer plain text (e.g. a Markdown report). */
export async function apiText(path: string, opts: RequestOptions = {}): Promise<string> {
  return (await send(path, opts)).text();
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const token = opts.token === undefined ? storedToken() : opts.token;
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' };
  if (token) headers.authorization = `Bearer ${token}`;
  else if (csrfToken && (opts.method ?? 'GET') !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      // the HttpOnly session cookie; SameSite=Strict keeps other sites' pages from sending it
      credentials: token ? 'omit' : 'same-origin',
      cache: 'no-store',
      signal: opts.signal,
    });
  } catch (err) {
    throw new ApiError(0, 'NETWORK', `Quorra did not answer: ${(err as Error).message}`);
  }
  if (!res.ok && !opts.acceptStatus?.includes(res.status)) {
    const error = await toApiError(res);
    if (res.status === 401 && opts.token === undefined && (token || csrfToken)) {
      window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT, { detail: error }));
    }
    throw error;
  }
  return res;
}
