// Whether writes are meeting a full disk now, for the storage health check: set by a failed write, cleared by one that succeeds.

/** Whether writes are meeting a full disk now: set by a failed write, cleared by the next write that succeeds. */
export class StorageWatch {
  private fullSince: Date | null = null;
  private readonly listeners = new Set<(full: boolean) => void>();

  get full(): { since: Date } | null {
    return this.fullSince ? { since: this.fullSince } : null;
  }

  /** A write failed for want of space. */
  noteFull(now = new Date()): void {
    if (this.fullSince) return;
    this.fullSince = now;
    for (const fn of this.listeners) fn(true);
  }

  /** A write succeeded: there is room again. */
  noteWrite(): void {
    if (!this.fullSince) return;
    this.fullSince = null;
    for (const fn of this.listeners) fn(false);
  }

  /** Called on every change between full and not full. */
  onChange(fn: (full: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}
