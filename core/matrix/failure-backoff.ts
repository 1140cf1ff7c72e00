// Backs off repeated identical failures of one action (a join, a decline) so a redelivered event cannot cause a retry storm.

interface Entry {
  signature: string;
  count: number;
  until: number;
}

/** Per-key exponential backoff: the same failure again doubles the wait, a different one starts over. */
export class FailureBackoff {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly baseMs = 30_000,
    private readonly maxMs = 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the action for this key should wait (it failed recently). */
  blocked(key: string): boolean {
    const e = this.entries.get(key);
    return !!e && e.until > this.now();
  }

  /** Records a failure; returns how long the key is now held back (ms). */
  failed(key: string, signature: string): number {
    const prev = this.entries.get(key);
    const count = prev?.signature === signature ? prev.count + 1 : 1;
    const wait = Math.min(this.maxMs, this.baseMs * 2 ** (count - 1));
    this.entries.set(key, { signature, count, until: this.now() + wait });
    return wait;
  }

  /** How many identical failures in a row the key has had. */
  failures(key: string): number {
    return this.entries.get(key)?.count ?? 0;
  }

  /** Forgets the key after a success. */
  succeeded(key: string): void {
    this.entries.delete(key);
  }
}
