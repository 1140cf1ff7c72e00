// Removing a person, the same from the CLI and the HTTP API: their sign-ins end at once; what they told Quorra stays.
import type { BrowserSessions } from './browser-sessions.ts';
import type { SignInGrants } from './sign-in-grants.ts';
import type { TokenStore } from './token-store.ts';
import type { UserStore } from './user-store.ts';

/** What removing a person does, in words the owner sees before confirming (UI) and after (CLI). */
export const REMOVAL_EFFECTS =
  'Their API tokens, browser sign-ins and sign-in codes stop working at once, and their Matrix IDs are freed. ' +
  'What they told Quorra is kept: shared household memories stay as they are, and their private memories stay ' +
  'visible to the owner under Memory, to keep or delete. Their id is never given to anyone else.';

/** The outcome, for the audit log and the caller. */
export interface Removal {
  userId: string;
  tokensRevoked: number;
  sessionsEnded: number;
}

/** Removes a person and ends every way they could still act; throws QUORRA_LAST_OWNER / QUORRA_USER_UNKNOWN. */
export async function removeUser(
  deps: { users: UserStore; tokens: TokenStore; sessions: BrowserSessions; grants: SignInGrants },
  userId: string,
): Promise<Removal> {
  await deps.users.remove(userId);
  const tokensRevoked = await deps.tokens.revokeAll(userId);
  const sessionsEnded = await deps.sessions.closeAll(userId);
  await deps.grants.forget(userId);
  return { userId, tokensRevoked, sessionsEnded };
}
