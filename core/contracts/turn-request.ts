// One conversation turn as every surface asks for it: Matrix, /chat, the MCP server and plugins (the concierge).
import type { Principal } from './principal.ts';

/** One message for the engine, and the session, scope and question it belongs to. */
export interface TurnRequest {
  principal: Principal;
  message: string;
  /** The session it continues; a new one starts without it. */
  sessionId?: string | null;
  /** The scope a new session locks to. */
  scope?: string[];
  /** The persona of a new session (default: `owner` for a user, `guest-concierge` for a guest). */
  persona?: string;
  workspace?: string | null;
  /** Where the turn came from (`matrix`, `standard`, …): the origin's prompt fragment applies. */
  origin?: string;
  /** The tier-2 confirmation this message answers by id. */
  confirmationId?: string;
  /** Surface-specific values handed to tools (e.g. the Matrix room). */
  extras?: Record<string, unknown>;
}

/** What a plugin may ask for: the same request without a surface's origin, confirmation or extras. */
export type TurnCall = Omit<TurnRequest, 'origin' | 'confirmationId' | 'extras'>;
