// The signed-in person's API tokens over the HTTP API: list, create (shown once), revoke.
import { apiRequest } from './api-client.ts';

/** A token as listed: never the token itself. */
export interface TokenInfo {
  id: number;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

/** The caller's tokens, newest first. */
export async function listTokens(): Promise<TokenInfo[]> {
  return (await apiRequest<{ tokens: TokenInfo[] }>('/tokens')).tokens;
}

/** Creates a token; the answer is the only time it can be read. */
export async function createToken(label: string): Promise<{ id: number; label: string; token: string }> {
  return apiRequest('/tokens', { method: 'POST', body: { label } });
}

/** Revokes a token: it is refused from the next request on. */
export async function revokeToken(id: number): Promise<void> {
  await apiRequest(`/tokens/${id}`, { method: 'DELETE' });
}
