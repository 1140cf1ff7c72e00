// A full disk is a state, not a crash: recognise the drivers' "disk full" errors and remember it until a write succeeds.

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', '53100']);

/** True for SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100) or ENOSPC, also wrapped (TypeORM's driverError, cause). */
export function isStorageFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; errno?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (FULL_CODES.has(e.code) || e.code.startsWith('SQLITE_FULL'))) return true;
  return isStorageFull(e.driverError, depth + 1) || isStorageFull(e.cause, depth + 1);
}

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
