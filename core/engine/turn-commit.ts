// Stores a finished turn: the session, both messages, a new confirmation and the turn's records in one commit.

import type { TurnRequest } from '../contracts/turn-request.ts';
import type { Steps } from '../db/sql-values.ts';
import type { Logger } from '../logger.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { Confirmation } from './confirmation.entity.ts';
import type { ConfirmationStore } from './confirmation-store.ts';
import type { EngineHooks, FinishedTurn } from './engine-hooks.ts';
import { persona } from './personas.ts';

/** The engine's answer. */
export interface TurnResult {
  reply: string;
  sessionId: string;
  pendingConfirmation?: { id: string; description: string };
  interrupted?: boolean;
}

/** How a turn ended: its reply, whether the person cut it short, a confirmation it now waits for. */
export interface TurnOutcome {
  reply: string;
  interrupted?: boolean;
  confirmation?: Confirmation;
}

interface CommitDeps {
  sessions: SessionStore;
  confirmations: ConfirmationStore;
  hooks: EngineHooks;
  logger: Logger;
}

/**
 * Writes the turn (session, both messages, any new confirmation, what the turnRecords hooks add) in one
 * transaction, then runs the afterTurn hooks. A guest's turn (a persona that is not recordable) runs neither.
 */
export async function storeTurn(
  deps: CommitDeps,
  req: TurnRequest,
  session: Session,
  message: string,
  out: TurnOutcome,
): Promise<TurnResult> {
  const turn = {
    principal: req.principal,
    session,
    message,
    reply: out.reply,
    interrupted: !!out.interrupted,
  };
  const recordable = persona(session.persona).recordable;
  await deps.sessions.commitTurn(session, { user: message, reply: out.reply, interrupted: out.interrupted }, [
    ...(out.confirmation ? [deps.confirmations.insert(out.confirmation)] : []),
    ...(recordable ? records(deps, turn) : []),
  ]);
  if (recordable) {
    for (const fn of deps.hooks.at('afterTurn')) {
      try {
        await fn(turn);
      } catch (err) {
        deps.logger.error({ err, session: session.id }, 'afterTurn hook failed');
      }
    }
  }
  return {
    reply: out.reply,
    sessionId: session.id,
    ...(out.confirmation
      ? { pendingConfirmation: { id: out.confirmation.id, description: out.confirmation.description } }
      : {}),
    ...(out.interrupted ? { interrupted: true } : {}),
  };
}

/** What the turnRecords hooks write with the turn; one that throws is left out and logged, the turn still stored. */
function records(deps: CommitDeps, turn: FinishedTurn): Steps<unknown>[] {
  const out: Steps<unknown>[] = [];
  for (const fn of deps.hooks.at('turnRecords')) {
    try {
      const steps = fn(turn);
      if (steps) out.push(steps);
    } catch (err) {
      deps.logger.error({ err, session: turn.session.id }, 'a record of the turn was refused');
    }
  }
  return out;
}
