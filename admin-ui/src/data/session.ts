// Signing in: a code Quorra DMs over Matrix, a one-time link, or a pasted API token; who is signed in; signing out.
import type { z } from 'zod';
import type { codeSent, sessionSchema, sessionsEnded } from '../../../core/auth/sign-in-routes.ts';
import { ApiError, apiRequest, clearToken, setCsrfToken, storedToken, storeToken } from './api-client.ts';

export type Role = SessionWire['user']['role'];

/** Who is signed in, as the server says (GET /auth/session). */
export interface Session {
  role: Role;
  userId: string;
  name: string;
  /** 'session' for the cookie from a code or link, 'token' for a pasted API token. */
  via: SessionWire['via'];
  /** The owner's developer mode: the turn inspector is on. */
  developerMode: boolean;
}

type SessionWire = z.input<typeof sessionSchema>;

function toSession(w: SessionWire): Session {
  setCsrfToken(w.csrf_token);
  return {
    role: w.user.role,
    userId: w.user.id,
    name: w.user.display_name,
    via: w.via,
    developerMode: w.developer_mode ?? false,
  };
}

/** Asks Quorra to DM a code to a Matrix ID (the answer is the same whether or not the ID is known). */
export async function requestCode(matrixId: string): Promise<z.input<typeof codeSent>> {
  return apiRequest<z.input<typeof codeSent>>('/auth/matrix-code', {
    method: 'POST',
    body: { matrix_id: matrixId.trim() },
    token: null,
  });
}

/** Trades the DMed code for a session cookie. */
export async function verifyCode(matrixId: string, code: string): Promise<Session> {
  const w = await apiRequest<SessionWire>('/auth/matrix-code/verify', {
    method: 'POST',
    body: { matrix_id: matrixId.trim(), code: code.replace(/\s+/g, '') },
    token: null,
  });
  return toSession({ ...w, via: 'session' });
}

/** Trades a one-time link's token for a session cookie. */
export async function redeemLink(token: string): Promise<Session> {
  const w = await apiRequest<SessionWire>('/auth/link', { method: 'POST', body: { token }, token: null });
  return toSession({ ...w, via: 'session' });
}

/** Verifies a pasted API token, then keeps it for this tab; throws ApiError if refused. */
export async function signIn(token: string): Promise<Session> {
  const clean = token.trim();
  if (!clean) throw new ApiError(401, 'UNAUTHORIZED', 'paste a token first');
  const session = toSession(await apiRequest<SessionWire>('/auth/session', { token: clean }));
  storeToken(clean);
  return session;
}

/** Restores the session: this tab's token, else the session cookie; null when neither is accepted. */
export async function resumeSession(): Promise<Session | null> {
  const token = storedToken();
  try {
    return toSession(await apiRequest<SessionWire>('/auth/session', { token }));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    if (token) clearToken();
    return null;
  }
}

/** Signs out of this browser (the cookie session ends on the server too). */
export async function signOut(): Promise<void> {
  const hadToken = storedToken() !== null;
  clearToken();
  try {
    if (!hadToken) await apiRequest('/auth/sign-out', { method: 'POST', token: null, acceptStatus: [401] });
  } finally {
    setCsrfToken(null);
  }
}

/** Ends every browser session of the signed-in person, this one included. */
export async function signOutEverywhere(): Promise<number> {
  const { ended } = await apiRequest<z.input<typeof sessionsEnded>>('/auth/sign-out-everywhere', {
    method: 'POST',
  });
  clearToken();
  setCsrfToken(null);
  return ended;
}
