// Recognises an insert that failed on a primary-key or unique constraint, on SQLite and on PostgreSQL alike.

/** PostgreSQL's SQLSTATE for unique_violation. */
const PG_UNIQUE_VIOLATION = '23505';

/**
 * Whether `err` is a unique (or primary-key) violation; with `column`, only one on that column. SQLite says so in
 * its message (`UNIQUE constraint failed: table.column`), PostgreSQL in the driver error's code and detail
 * (`Key (column)=(…) already exists.`), which TypeORM keeps on the error it throws.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const e = err as { message?: unknown; code?: unknown; detail?: unknown; driverError?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const pg = (e.driverError ?? e) as { code?: unknown; detail?: unknown };
  if (pg.code === PG_UNIQUE_VIOLATION)
    return column === undefined || String(pg.detail ?? '').includes(`(${column})`);
  const message = String(e.message ?? '');
  if (!/UNIQUE constraint failed|SQLITE_CONSTRAINT_PRIMARYKEY|SQLITE_CONSTRAINT_UNIQUE/.test(message))
    return false;
  return column === undefined || new RegExp(`UNIQUE constraint failed: [^ ]*\\.${column}\\b`).test(message);
}
