// SQLite's own consistency check on a database file, through a separate read-only connection.
import Database from 'better-sqlite3';

/** `ok`, or the problems `PRAGMA integrity_check` reports (at most `max`); a file SQLite cannot open is a problem too. */
export function sqliteIntegrity(file: string, max = 20): { ok: boolean; problems: string[] } {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma(`integrity_check(${max})`) as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    return { ok: problems.length === 0, problems };
  } catch (err) {
    return { ok: false, problems: [(err as Error).message] };
  } finally {
    db?.close();
  }
}
