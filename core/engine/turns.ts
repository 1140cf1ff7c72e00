// Runs a turn for a surface or plugin and answers with a typed outcome; the stale-session retry lives only here.

import { QuorraError } from '../contracts/errors.ts';
import type { TurnRequest } from '../contracts/turn-request.ts';
import type { Engine, TurnOptions } from './engine.ts';
import { StaleSessionError } from './stale-session.ts';
import { readYesNo } from './yes-no.ts';

export type { TurnCall } from '../contracts/turn-request.ts';

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

  /**
   * Runs the turn; a stale session is replaced by a fresh one (scope applies to new sessions only) unless the caller
   * named its session itself and wants to hear it is gone (`keepSession`, as /chat does).
   */
  async run(req: TurnRequest, opts: TurnOptions & { keepSession?: boolean } = {}): Promise<TurnOutcome> {
    const { keepSession, ...turnOpts } = opts;
    const fresh: TurnRequest = { ...req, sessionId: undefined, confirmationId: undefined };
    // the caller that keeps its session gets exactly what it asked for, errors included
    const request: TurnRequest = keepSession ? req : req.sessionId ? { ...req, scope: undefined } : fresh;
    try {
      return { kind: 'reply', restarted: false, ...(await this.engine.handle(request, turnOpts)) };
    } catch (err) {
      if (!(err instanceof StaleSessionError) || keepSession) return failure(err);
      if (req.confirmationId) return { kind: 'stale-session', error: err };
    }
    try {
      return { kind: 'reply', restarted: true, ...(await this.engine.handle(fresh, turnOpts)) };
    } catch (err) {
      return failure(err);
    }
  }
}

/** The reply of an outcome, or the error it ended with as it was thrown (for callers that answer errors themselves). */
export function replyOrThrow(outcome: TurnOutcome): Extract<TurnOutcome, { kind: 'reply' }> {
  if (outcome.kind === 'reply') return outcome;
  throw outcome.error.code === 'INTERNAL' && outcome.error.cause ? outcome.error.cause : outcome.error;
}
