// Runs SQLite's WAL checkpoints on a worker thread with its own connection, so their page copies and fsyncs never
// hold the event loop inside one of Quorra's commits.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { DataSource } from 'typeorm';
import { sqliteConnection } from './sqlite-connection.ts';

/** How often the worker checkpoints (a PASSIVE checkpoint with nothing new in the WAL does no I/O). */
const EVERY_MS = 1000;
/** SQLite's own threshold, restored on the main connection if the worker dies. */
const SQLITE_DEFAULT_PAGES = 1000;
/**
 * While the worker runs, the main connection still checkpoints by itself past this many WAL pages (≈ 40 MB): only
 * if the worker falls that far behind (a reader holding the WAL, a stalled disk), so the WAL cannot grow unbounded.
 */
export const FALLBACK_PAGES = 10_000;
const STOP_GRACE_MS = 5000;

// Plain CommonJS evaluated as the worker's source: it has no file of its own, so it runs the same under tsx and from
// the compiled dist/ build, and the worker does not load tsx. A PASSIVE checkpoint never blocks Quorra's writers
// and never waits on them; the connection is closed before the thread ends (a terminated thread would leave it open).
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const conn = new Database(workerData.file, { fileMustExist: true });
const changes = conn.prepare('PRAGMA data_version').pluck();
const checkpoint = () => conn.pragma('wal_checkpoint(PASSIVE)')[0];
let seen = -1;
const timer = setInterval(() => {
  // data_version moves only when another connection has committed: nothing new, no checkpoint
  const now = changes.get();
  if (now === seen) return;
  seen = now;
  parentPort.postMessage({ result: checkpoint() });
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.checkpoint !== undefined) return parentPort.postMessage({ id: message.checkpoint, result: checkpoint() });
  clearInterval(timer);
  conn.close();
  parentPort.close();
});
`;

/** One checkpoint the worker ran: WAL frames in all, and how many of them are back in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** False once the worker thread has exited. */
  readonly running: boolean;
  /** Called after each checkpoint that found something new (for tests and diagnostics). */
  onCheckpoint?: (result: CheckpointResult) => void;
  /** Has the worker checkpoint at once (after what has been committed so far) and resolves with its result. */
  checkpointNow(): Promise<CheckpointResult>;
  /** Ends the worker after closing its connection; resolves once the thread has exited. */
  stop(): Promise<void>;
}

/** Hands the SQLite file's checkpoints to a worker thread, for as long as the data source is open. */
export function checkpointOffThread(db: DataSource, file: string): WalCheckpointer {
  const conn = sqliteConnection(db);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { file, driver, everyMs: EVERY_MS },
    // its heap holds one connection and a timer: the small limits keep the isolate's footprint down
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  // a forgotten stop() must not keep the process alive
  worker.unref();
  conn.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      for (const { reject } of waiting.values()) reject(new Error('the WAL checkpoint worker has exited'));
      waiting.clear();
      resolve();
    }),
  );
  let stopping = false;
  let running = true;
  let asked = 0;
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  const handle: WalCheckpointer = {
    get running() {
      return running;
    },
    checkpointNow: () =>
      new Promise<CheckpointResult>((resolve, reject) => {
        if (!running) return reject(new Error('the WAL checkpoint worker has exited'));
        asked += 1;
        waiting.set(asked, { resolve, reject });
        worker.postMessage({ checkpoint: asked });
      }),
    stop: async () => {
      stopping = true;
      worker.postMessage({ stop: true });
      const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
      await exited;
      clearTimeout(grace);
    },
  };
  worker.on('message', ({ id, result }: { id?: number; result: CheckpointResult }) => {
    if (id === undefined) return handle.onCheckpoint?.(result);
    waiting.get(id)?.resolve(result);
    waiting.delete(id);
  });
  // the worker is gone without being asked (an I/O error, the file removed): the main connection checkpoints again
  worker.on('error', () => undefined);
  void exited.then(() => {
    if (!stopping && conn.open) conn.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  });
  return handle;
}

const started = new WeakMap<DataSource, WalCheckpointer>();

/** The checkpointer openDatabase started for this data source, if any (SQLite files only). */
export function walCheckpointerOf(db: DataSource): WalCheckpointer | undefined {
  return started.get(db);
}

/** Starts the worker with the data source and stops it before the data source closes (so the last close checkpoints). */
export function checkpointWhileOpen(db: DataSource, file: string): WalCheckpointer {
  const checkpointer = checkpointOffThread(db, file);
  started.set(db, checkpointer);
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await checkpointer.stop();
    return destroy();
  };
  return checkpointer;
}
