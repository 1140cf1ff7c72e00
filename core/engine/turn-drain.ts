// Turns in flight at a stop: none start once stopping, those running get a grace, then their model calls are aborted.
import { fail, QuorraError } from '../contracts/errors.ts';

/** How long an aborted turn has to unwind (the model request ends, the error travels up) before the stop moves on. */
export const WIND_DOWN_MS = 1500;

/** When a caller of an aborted turn should try again: a restart takes a few seconds. */
const RETRY_AFTER_SECONDS = 10;

/** The error a turn that a stop cut short (or refused) ends with; nothing of it was stored. */
export function shuttingDown(): QuorraError {
  return fail.unavailable(
    'SHUTTING_DOWN',
    'Quorra is restarting, so this message was not answered. Send it again in a moment.',
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

/** True for the error of a turn a stop cut short. */
export function isShuttingDown(err: unknown): boolean {
  return err instanceof QuorraError && err.code === 'SHUTTING_DOWN';
}

/** Resolves when every promise has settled or after ms, whichever is first. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  if (!promises.length) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((r) => {
    timer = setTimeout(r, ms);
  });
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}

/** Tracks running turns; `close` is the stop's part of them. */
export class TurnDrain {
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;

  /** Whether the grace is over and running turns were told to stop. */
  get aborted(): boolean {
    return this.abort.signal.aborted;
  }

  /** How many turns run now. */
  get size(): number {
    return this.running.size;
  }

  /**
   * Runs a turn with a signal that also aborts when the stop's grace is over; refused once the stop began (its
   * surface stopped taking messages in, so whatever still asks is answered "send it again", not half-done).
   */
  async run<T>(signal: AbortSignal | undefined, turn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closing) throw shuttingDown();
    const combined = signal ? AbortSignal.any([signal, this.abort.signal]) : this.abort.signal;
    const running = turn(combined);
    this.running.add(running);
    try {
      return await running;
    } catch (err) {
      // whatever the abort surfaced as (the SDK's abort error, a tool's), it is one thing to the caller
      throw this.aborted ? shuttingDown() : err;
    } finally {
      this.running.delete(running);
    }
  }

  /** Refuses new turns, waits up to graceMs for the running ones, then aborts them and waits a moment for them to end. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    await settledWithin([...this.running], graceMs);
    if (!this.running.size) return;
    this.abort.abort(shuttingDown());
    await settledWithin([...this.running], WIND_DOWN_MS);
  }
}
