// Hands the model's few sequences to turns first come, first served, with a bounded waiting line.
import { QuorraError } from '../../contracts/errors.ts';

/** The waiting line is full: the caller should come back after `retryAfterSeconds`. */
export class ModelBusyError extends QuorraError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'MODEL_BUSY',
      'the local model is busy with other conversations; try again shortly',
      { retryAfterSeconds },
      'unavailable',
    );
    this.name = 'ModelBusyError';
  }
}

interface Waiter<T> {
  resolve: (slot: T) => void;
  reject: (err: unknown) => void;
}

/** A FIFO over `slots` (one per context sequence); at most `limit` callers wait, the rest get ModelBusyError. */
export class TurnQueue<T> {
  private readonly free: T[];
  private readonly waiting: Waiter<T>[] = [];
  /** Recent turn length, for an honest Retry-After. */
  private avgMs = 5_000;

  constructor(
    slots: T[],
    private readonly limit: number,
  ) {
    this.free = [...slots];
    this.total = slots.length;
  }

  private readonly total: number;

  /** How many turns run and how many wait, for /health and metrics. */
  stats(): { running: number; waiting: number; limit: number } {
    return { running: this.total - this.free.length, waiting: this.waiting.length, limit: this.limit };
  }

  private retryAfter(): number {
    const turnsAhead = this.waiting.length + this.total;
    return Math.min(120, Math.max(1, Math.ceil((this.avgMs * turnsAhead) / this.total / 1000)));
  }

  private acquire(signal?: AbortSignal, prefer?: (slot: T) => number): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? abortError());
    const slot = this.waiting.length === 0 ? this.pick(prefer) : undefined;
    if (slot !== undefined) return Promise.resolve(slot);
    if (this.waiting.length >= this.limit) return Promise.reject(new ModelBusyError(this.retryAfter()));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = { resolve, reject };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(signal.reason ?? abortError());
          }
        },
        { once: true },
      );
    });
  }

  /**
   * The free slot `prefer` scores highest, removed from the free list; on a tie the one freed longest ago, so a
   * newcomer does not evict the conversation that ran last. Without `prefer`, the last freed (as before).
   */
  private pick(prefer?: (slot: T) => number): T | undefined {
    if (!prefer) return this.free.pop();
    let best = 0;
    let top = -1;
    this.free.forEach((slot, i) => {
      const score = prefer(slot);
      if (score > top) [best, top] = [i, score];
    });
    return this.free.splice(best, 1)[0];
  }

  private release(slot: T): void {
    const next = this.waiting.shift();
    if (next) next.resolve(slot);
    else this.free.push(slot);
  }

  /**
   * Runs `fn` with a slot once one is free (in arrival order); the slot is returned however fn ends. With several
   * free, `prefer` picks (a waiter takes whichever is freed first: arrival order comes before affinity).
   */
  async run<R>(fn: (slot: T) => Promise<R>, signal?: AbortSignal, prefer?: (slot: T) => number): Promise<R> {
    const slot = await this.acquire(signal, prefer);
    const started = Date.now();
    try {
      return await fn(slot);
    } finally {
      this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
      this.release(slot);
    }
  }
}

function abortError(): Error {
  return Object.assign(new Error('the request was aborted'), { name: 'AbortError' });
}
