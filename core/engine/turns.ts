// Runs a turn for a surface or plugin and answers with a typed outcome; the stale-session retry lives only here.

import { QuorraError } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Engine, TurnOptions, TurnRequest } from './engine.ts';
import { StaleSessionError } from './stale-session.ts';
import { readYesNo } from './yes-no.ts';

/** One turn as a plugin asks for it; `session` is the one to continue, if any. */
export interface TurnCall {
  principal: Principal;
  message: string;
  /** The persona of a new session (default: `owner` for a user, `guest-concierge` for a guest). */
  persona?: string;
  /** The scope a new session locks to. */
  scope?: string[];
  workspace?: string | null;
  session?: string | null;
}

/** What a core surface may add: the origin, a confirmation being answered, extras handed to tools. */
export interface SurfaceTurnCall extends TurnCall {
  origin?: string;
  confirmationId?: string;
  extras?: Record<string, unknown>;
}

/** How a turn ended. `restarted` says the named session was stale and a fresh one took the message. */
export type TurnOutcome =
  | {
      kind: 'reply';
      reply: string;
      sessionId: string;
      restarted: boolean;
      pendingConfirmation?: { id: string; description: string };
      interrupted?: boolean;
    }
  /** The named session cannot take the turn and a fresh one would lose its point (answering a confirmation). */
  | { kind: 'stale-session'; error: QuorraError }
  /** The request itself was refused (unknown scope, too long, not allowed); retrying the same will fail again. */
  | { kind: 'refused'; error: QuorraError }
  /** Something failed on the way (the model, a store); the same request may work later. */
  | { kind: 'failed'; error: QuorraError };

const refusedKinds = new Set(['invalid', 'forbidden', 'not-found', 'conflict', 'too-large', 'unprocessable']);

function failure(err: unknown): TurnOutcome {
  if (err instanceof QuorraError)
    return { kind: refusedKinds.has(err.kind) ? 'refused' : 'failed', error: err };
  const error = new QuorraError('INTERNAL', (err as Error)?.message ?? String(err));
  error.cause = err;
  return { kind: 'failed', error };
}

/** The turn runner every caller outside the HTTP chat API uses. */
export class Turns {
  constructor(private readonly engine: Engine) {}

  /**
   * Whether this text answers a pending confirmation this person was asked (a plain yes/no, the confirmation still
   * pending and in time): surfaces ask here instead of reading the engine's confirmation store.
   */
  async answersConfirmation(
    text: string,
    confirmationId: string | undefined,
    userId: string,
  ): Promise<boolean> {
    if (!confirmationId || !readYesNo(text)) return false;
    const c = await this.engine.deps.confirmations.get(confirmationId);
    return c?.status === 'pending' && c.userId === userId && c.expiresAt > new Date();
  }

  /** Runs the turn; a stale session is replaced by a fresh one (scope applies to new sessions only). */
  async run(call: SurfaceTurnCall, opts: TurnOptions = {}): Promise<TurnOutcome> {
    const base: TurnRequest = {
      principal: call.principal,
      message: call.message,
      persona: call.persona,
      workspace: call.workspace,
      origin: call.origin,
      extras: call.extras,
    };
    const fresh: TurnRequest = { ...base, scope: call.scope };
    const request: TurnRequest = call.session
      ? { ...base, sessionId: call.session, confirmationId: call.confirmationId }
      : fresh;
    try {
      return { kind: 'reply', restarted: false, ...(await this.engine.handle(request, opts)) };
    } catch (err) {
      if (!(err instanceof StaleSessionError)) return failure(err);
      if (call.confirmationId) return { kind: 'stale-session', error: err };
    }
    try {
      return { kind: 'reply', restarted: true, ...(await this.engine.handle(fresh, opts)) };
    } catch (err) {
      return failure(err);
    }
  }
}
