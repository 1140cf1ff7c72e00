// The quorra command as a real process: config errors exit 2, serve answers /health and stops on SIGTERM.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../support/boot-app.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

describe('quorra CLI', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('quorra-cli-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    HOME: dir,
    QUORRA_DATA_DIR: dir,
    QUORRA_LOG_LEVEL: 'info',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    ...extra,
  });

  it('exits 2 with every config problem listed and no stack trace', () => {
    const run = spawnSync(process.execPath, [bin, 'serve'], {
      cwd: dir,
      env: env({ QUORRA_PORT: 'eighty', QUORRA_LOG_LEVEL: 'chatty' }),
      encoding: 'utf8',
    });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /server\.port \(QUORRA_PORT\): expected a number, got "eighty"/);
    assert.match(run.stderr, /log\.level \(QUORRA_LOG_LEVEL\): expected one of/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  it('migrate applies migrations once, then reports the database up to date', () => {
    const first = spawnSync(process.execPath, [bin, 'migrate'], { cwd: dir, env: env(), encoding: 'utf8' });
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /applied: CreatePluginState/);
    const second = spawnSync(process.execPath, [bin, 'migrate'], { cwd: dir, env: env(), encoding: 'utf8' });
    assert.match(second.stdout, /up to date/);
  });

  it('doctor reports the data dir and an unreachable model endpoint', () => {
    const run = spawnSync(process.execPath, [bin, 'doctor'], { cwd: dir, env: env(), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /config: valid/);
    assert.match(run.stdout, /model endpoint http:\/\/127\.0\.0\.1:9\/v1: does not answer/);
  });

  it('serve answers /health and exits 0 on SIGTERM', async () => {
    const child: ChildProcess = spawn(process.execPath, [bin, 'serve'], {
      cwd: dir,
      env: env({ QUORRA_PORT: '0' }),
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          const m = /listening on (http:\/\/[^"\s]+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/health`);
      assert.equal(res.status, 200);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
