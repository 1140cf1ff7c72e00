// A full disk is a state, not a crash: the drivers' "disk full" errors recognised, wrapped or not.

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', '53100']);

/** True for SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100) or ENOSPC, also wrapped (TypeORM's driverError, cause). */
export function isStorageFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; errno?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (FULL_CODES.has(e.code) || e.code.startsWith('SQLITE_FULL'))) return true;
  return isStorageFull(e.driverError, depth + 1) || isStorageFull(e.cause, depth + 1);
}
