// Signing in: checks a pasted token against Quorra, learns whether it belongs to the owner, and keeps it.
import { ApiError, apiRequest, clearToken, storedToken, storeToken } from './api-client.ts';

export type Role = 'owner' | 'member';

/** Who is signed in, as far as the UI can tell from what the token may read. */
export interface Session {
  role: Role;
}

async function roleOf(token: string): Promise<Role> {
  try {
    await apiRequest('/admin/users', { token });
    return 'owner';
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return 'member';
    throw err;
  }
}

/** Verifies a token (any user may read their approvals), then keeps it for this tab; throws ApiError if refused. */
export async function signIn(token: string): Promise<Session> {
  const clean = token.trim();
  if (!clean) throw new ApiError(401, 'UNAUTHORIZED', 'paste a token first');
  await apiRequest('/confirmations', { token: clean });
  const role = await roleOf(clean);
  storeToken(clean);
  return { role };
}

/** Restores this tab's session from the stored token; null when there is none or Quorra no longer accepts it. */
export async function resumeSession(): Promise<Session | null> {
  const token = storedToken();
  if (!token) return null;
  try {
    return { role: await roleOf(token) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    clearToken();
    return null;
  }
}

/** Signs out of this tab. */
export function signOut(): void {
  clearToken();
}
