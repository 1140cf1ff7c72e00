// The signed-in person's API tokens over the HTTP API: list, create (shown once), revoke.
import type { z } from 'zod';
import type { tokenCreated, tokensReply } from '../../../core/admin/people-routes.ts';
import { apiRequest } from './api-client.ts';

/** A token as listed: never the token itself (the route's zod schema is the type). */
export type TokenInfo = z.input<typeof tokensReply>['tokens'][number];

/** The caller's tokens, newest first. */
export async function listTokens(): Promise<TokenInfo[]> {
  return (await apiRequest<z.input<typeof tokensReply>>('/tokens')).tokens;
}

/** Creates a token; the answer is the only time it can be read. */
export async function createToken(label: string): Promise<z.input<typeof tokenCreated>> {
  return apiRequest('/tokens', { method: 'POST', body: { label } });
}

/** Revokes a token: it is refused from the next request on. */
export async function revokeToken(id: number): Promise<void> {
  await apiRequest(`/tokens/${id}`, { method: 'DELETE' });
}
