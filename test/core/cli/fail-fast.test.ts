// `quorra serve` that cannot run exits 1 at once with one line: a busy port, a data directory in use or unwritable.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from '../../../core/cli/preflight.ts';
import { tempDir } from '../../support/boot-app.ts';
import { startServe } from '../../support/serve-process.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

/** A plain TCP listener on 127.0.0.1 holding a port the way another program would. */
function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port }),
    );
  });
}

describe('quorra serve fails fast', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('quorra-failfast-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const serve = (env: Record<string, string>) =>
    spawnSync(process.execPath, [bin, 'serve'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        QUORRA_DATA_DIR: dir,
        QUORRA_LOG_LEVEL: 'info',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        ...env,
      },
      encoding: 'utf8',
      // a serve that does not fail fast would run until killed: killed means the test fails on its status
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });

  /** One line on stderr, no stack trace, nothing logged on stdout (no job, migration or listener started). */
  function assertOneLine(run: ReturnType<typeof serve>, pattern: RegExp) {
    assert.equal(run.signal, null, 'serve did not exit by itself');
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, pattern);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
    assert.equal(run.stdout, '', 'nothing started, so nothing was logged');
  }

  it('exits 1 naming a busy API port and QUORRA_PORT, before the database is opened or any job runs', async () => {
    const { server, port } = await occupy();
    try {
      const started = Date.now();
      const run = serve({ QUORRA_PORT: String(port) });
      const elapsed = Date.now() - started;
      assertOneLine(run, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*set QUORRA_PORT`));
      // no database, no lock file left behind: nothing ran against the household
      assert.deepEqual(readdirSync(dir), [], `left behind after ${elapsed} ms`);
    } finally {
      server.close();
    }
  });

  it('exits 1 naming a busy metrics port and QUORRA_METRICS_PORT', async () => {
    const { server, port } = await occupy();
    try {
      const run = serve({ QUORRA_PORT: '0', QUORRA_METRICS_PORT: String(port) });
      assertOneLine(
        run,
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*QUORRA_METRICS_PORT`),
      );
      assert.equal(existsSync(path.join(dir, 'quorra.db')), false);
    } finally {
      server.close();
    }
  });

  it('exits 1 when the data directory cannot be written, saying what to do', () => {
    const blocker = path.join(dir, 'blocker');
    writeFileSync(blocker, 'x');
    const run = serve({ QUORRA_PORT: '0', QUORRA_DATA_DIR: path.join(blocker, 'data') });
    assertOneLine(
      run,
      /QUORRA_DATA_DIR_UNWRITABLE: data directory .*blocker\/data is not writable.*QUORRA_DATA_DIR/,
    );
  });

  it('a second serve on a data directory another Quorra is serving exits 1 naming that process; the first runs on', async () => {
    const first = startServe(bin, dir);
    try {
      const url = await first.listening;
      const run = serve({ QUORRA_PORT: '0' });
      assertOneLine(
        run,
        new RegExp(`another Quorra \\(process ${first.child.pid}, .*is serving the data directory`),
      );
      assert.equal((await fetch(`${url}/health`)).status, 200);
      const exited = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGTERM');
      await exited;
      assert.equal(
        existsSync(path.join(dir, 'serve.lock')),
        false,
        'a clean stop releases the data directory',
      );
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone, and refuses one held by a live process', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid as number;
    await new Promise((r) => gone.once('exit', r));
    const file = path.join(dir, 'serve.lock');
    writeFileSync(file, JSON.stringify({ pid, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lock = lockDataDir(dir);
    lock.release();
    assert.equal(existsSync(file), false);
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(file, JSON.stringify({ pid: live.pid, host: hostname(), startedAt: 'now' }));
      assert.throws(() => lockDataDir(dir), { code: 'QUORRA_DATA_DIR_IN_USE' });
      assert.equal(existsSync(file), true, 'the live holder keeps its lock');
    } finally {
      live.kill('SIGKILL');
    }
  });
});
