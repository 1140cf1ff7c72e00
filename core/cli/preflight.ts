// What `quorra serve` checks before it opens anything: a writable data directory, no other Quorra on it, free ports.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { ensureWritableDir } from '../db/open-database.ts';

/** A held data directory: release() removes the lock file again (on shutdown). */
export interface DataDirLock {
  release(): void;
}

/**
 * Runs every check that can fail before a job, an index pass or a migration starts, so a second `serve` or a
 * misconfigured one exits at once with one line instead of running against the live household until killed.
 */
export async function preflight(config: QuorraConfig): Promise<DataDirLock> {
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir);
  const lock = lockDataDir(dataDir);
  try {
    await assertPortFree(config.server.host, config.server.port, 'QUORRA_PORT');
    const m = config.server.metrics;
    if (m.port !== undefined) await assertPortFree(m.host, m.port, 'QUORRA_METRICS_PORT');
  } catch (err) {
    lock.release();
    throw err;
  }
  return lock;
}

/** The one-line error for a port someone else listens on, naming the setting that moves it. */
export function portInUse(host: string, port: number, variable: string): QuorraError {
  return new QuorraError(
    'QUORRA_PORT_IN_USE',
    `port ${port} on ${host} is already in use (another Quorra, or another program): stop that program, or set ${variable} to a free port`,
  );
}

/** Binds the port for a moment; port 0 (any free port) cannot be taken. */
function assertPortFree(host: string, port: number, variable: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? portInUse(host, port, variable) : err),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

interface LockRecord {
  pid: number;
  host: string;
  startedAt: string;
}

/**
 * One serving process per data directory: SQLite would let two write side by side, each running the nightly jobs
 * and the Matrix sync. A lock left by a process that is gone (a crash, a container restart) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'serve.lock');
  const mine: LockRecord = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return { release: () => releaseIfMine(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = readLock(file);
    if (held && held.host === mine.host && held.pid !== process.pid && alive(held.pid))
      throw new QuorraError(
        'QUORRA_DATA_DIR_IN_USE',
        `another Quorra (process ${held.pid}, started ${held.startedAt}) is serving the data directory ${dataDir}: stop it first, or set QUORRA_DATA_DIR to another folder`,
      );
    rmSync(file, { force: true });
  }
  throw new QuorraError(
    'QUORRA_DATA_DIR_IN_USE',
    `could not take the lock ${file}: another Quorra is starting`,
  );
}

function readLock(file: string): LockRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed?.pid === 'number' && typeof parsed?.host === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function releaseIfMine(file: string): void {
  if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
}

/** Whether a process with this id exists (EPERM: it does, run by another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
