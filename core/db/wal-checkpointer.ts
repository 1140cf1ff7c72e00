// Runs SQLite's WAL checkpoints when the database is idle, instead of inside whichever commit crosses SQLite's
// automatic threshold (its page copies and fsync then hold the event loop in the middle of a reply).
import type { DataSource } from 'typeorm';
import { sqliteConnection } from './sqlite-connection.ts';

/** How often the commit count is looked at; a checkpoint runs on the first tick that found no new commits. */
const TICK_MS = 500;
/**
 * While commits keep coming without a pause, the connection still checkpoints by itself past this many WAL pages
 * (≈ 16 MB; SQLite's default is 1,000), so the WAL cannot grow without bound under a steady stream of writes.
 */
export const FALLBACK_PAGES = 4000;

/** One checkpoint: WAL frames in all, and how many of them are back in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** False once stopped. */
  readonly running: boolean;
  /** Called after each idle checkpoint (for tests and diagnostics). */
  onCheckpoint?: (result: CheckpointResult) => void;
  /** Checkpoints now, whatever the activity. */
  checkpointNow(): CheckpointResult;
  stop(): void;
}

const started = new WeakMap<DataSource, WalCheckpointer>();

/** The checkpointer openDatabase started for this data source, if any (SQLite files only). */
export function walCheckpointerOf(db: DataSource): WalCheckpointer | undefined {
  return started.get(db);
}

/**
 * Checkpoints the SQLite file once no commit has happened for a tick, and stops before the data source closes (the
 * last connection's close checkpoints the rest and removes the WAL). A PASSIVE checkpoint never waits on anything:
 * with pages it cannot copy yet (a backup's reader) it copies what it can and the next idle tick goes on.
 */
export function checkpointWhenIdle(db: DataSource): WalCheckpointer {
  const conn = sqliteConnection(db);
  conn.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  // total_changes() counts this connection's inserted, updated and deleted rows: it moves with every write
  const changes = conn.prepare('SELECT total_changes()').pluck();
  const checkpoint = conn.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  let seen = changes.get();
  let pending = false;
  let running = true;
  const handle: WalCheckpointer = {
    get running() {
      return running;
    },
    checkpointNow: () => checkpoint.get() as CheckpointResult,
    stop: () => {
      running = false;
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => {
    // a transaction left open across awaits cannot be checkpointed under: wait for it
    if (!conn.open || conn.inTransaction) return;
    const now = changes.get();
    if (now !== seen) {
      seen = now;
      pending = true;
      return;
    }
    if (!pending) return;
    let result: CheckpointResult;
    try {
      result = handle.checkpointNow();
    } catch {
      // another connection is checkpointing (SQLITE_BUSY): that does the work; try again next tick
      return;
    }
    pending = false;
    handle.onCheckpoint?.(result);
  }, TICK_MS);
  // a forgotten stop() must not keep the process alive
  timer.unref();
  started.set(db, handle);
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    handle.stop();
    return destroy();
  };
  return handle;
}
