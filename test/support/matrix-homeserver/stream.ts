// The homeserver's single ordered stream: every change bumps a position, and waiting /sync long-polls wake on it.

interface Waiter {
  after: number;
  /** Whose long-poll this is; one without a user wakes on every change. */
  userId?: string;
  wake: () => void;
}

/** A monotonically increasing stream position with wake-ups for long-polls. */
export class Stream {
  private position = 0;
  private waiters = new Set<Waiter>();
  private closed = false;
  private releases = 0;

  /** The current position (the `s<n>` of a next_batch token). */
  get pos(): number {
    return this.position;
  }

  /** How many long-polls are waiting right now. */
  get waiting(): number {
    return this.waiters.size;
  }

  /**
   * Advances the stream by one and returns the new position, waking the long-polls of the users the change may
   * concern (every one when `concerns` is not given), as a homeserver's notifier wakes a room's members for its
   * events and not everyone on the server: a long-poll woken for nothing builds its answer again only to wait on.
   */
  advance(concerns?: (userId: string) => boolean): number {
    this.position++;
    for (const w of [...this.waiters])
      if (this.position > w.after && (!concerns || w.userId === undefined || concerns(w.userId))) w.wake();
    return this.position;
  }

  /**
   * Resolves once a change that may concern `userId` (any change, without one) moves the position past `after`,
   * after `timeoutMs`, on abort, or when the stream closes.
   */
  waitBeyond(after: number, timeoutMs: number, signal?: AbortSignal, userId?: string): Promise<void> {
    if (this.closed || this.position > after || timeoutMs <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        after,
        userId,
        wake: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', waiter.wake);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, timeoutMs);
      signal?.addEventListener('abort', waiter.wake);
      this.waiters.add(waiter);
    });
  }

  /** How many times release() was called; a long-poll that sees it change answers at once. */
  get releaseCount(): number {
    return this.releases;
  }

  /** Wakes every waiting long-poll so it answers now, even with nothing new. */
  release(): void {
    this.releases++;
    for (const w of [...this.waiters]) w.wake();
  }

  /** Wakes every waiter and makes future waits return at once. */
  close(): void {
    this.closed = true;
    for (const w of [...this.waiters]) w.wake();
  }

  /** Whether close() has been called. */
  get isClosed(): boolean {
    return this.closed;
  }
}

/** Formats a stream position as a sync/pagination token. */
export function toToken(pos: number): string {
  return `s${pos}`;
}

/** Parses a token made by toToken; undefined when it is not one. */
export function parseToken(token: string | undefined | null): number | undefined {
  if (!token) return undefined;
  const m = /^s(\d+)$/.exec(token);
  return m ? Number(m[1]) : undefined;
}
