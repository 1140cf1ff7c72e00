// Tells an in-process copy of memory rows whether the memories table may have changed since it looked.
import type Database from 'better-sqlite3';

const dataVersion = new WeakMap<Database.Database, Database.Statement>();

/**
 * The connection's `PRAGMA data_version`: it changes only when another connection (the CLI, another process)
 * commits, never for this connection's own writes. Prepared once: `conn.pragma()` prepares on every call, which
 * cost more than the pragma itself (asked at every recall and every prompt).
 */
export function otherCommits(conn: Database.Database): number {
  let stmt = dataVersion.get(conn);
  if (!stmt) {
    stmt = conn.prepare('PRAGMA data_version').pluck();
    dataVersion.set(conn, stmt);
  }
  return stmt.get() as number;
}

/** Per connection: how many of its own writes touched what a prompt's core-memory block shows. */
const ownWrites = new WeakMap<Database.Database, { n: number }>();

/**
 * The columns a core-memory listing reads or filters on; the reference-count upkeep (every recall) changes none
 * of them, so it does not count as a change.
 */
const LISTED_COLUMNS = 'content, owner_user_id, workspace, importance, archived_at, expires_at, valid_until';

/**
 * A mark that differs whenever a row of `memories` may have changed in what a core-memory listing shows: another
 * connection committed (data_version) or this connection wrote such a row, by any code path (temporary
 * triggers, which only this connection runs, count its inserts, deletes and edits of those columns; a write
 * rolled back still counts, which only costs a re-read).
 */
export function listedMemoriesMark(conn: Database.Database): string {
  let own = ownWrites.get(conn);
  if (!own) {
    const counter = { n: 0 };
    own = counter;
    conn.function('quorra_memories_written', { deterministic: false }, () => {
      counter.n++;
      return null;
    });
    const body = 'BEGIN SELECT quorra_memories_written(); END';
    conn.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS quorra_memories_inserted AFTER INSERT ON main.memories ${body};` +
        ` CREATE TEMP TRIGGER IF NOT EXISTS quorra_memories_deleted AFTER DELETE ON main.memories ${body};` +
        ` CREATE TEMP TRIGGER IF NOT EXISTS quorra_memories_edited AFTER UPDATE OF ${LISTED_COLUMNS}` +
        ` ON main.memories ${body};`,
    );
    ownWrites.set(conn, own);
  }
  return `${otherCommits(conn)}:${own.n}`;
}
