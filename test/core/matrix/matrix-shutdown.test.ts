// SIGTERM on `quorra serve` with the bot parked in a long-poll: the poll ends at once, the process exits, the sync position is kept.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { tempDir } from '../../support/boot-app.ts';
import { MatrixHomeserver } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

describe('Matrix runtime: shutdown', () => {
  let hs: MatrixHomeserver;
  let dir: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    hs = await MatrixHomeserver.start();
    dir = tempDir('quorra-matrix-stop-');
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    await hs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends the in-flight long-poll on SIGTERM and exits promptly with the sync position saved', async function () {
    this.timeout(90_000); // a cold start of the CLI process under tsx
    const bot = hs.registerUser('quorra', { displayName: 'Quorra' });
    child = spawn(process.execPath, [bin, 'serve'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        QUORRA_DATA_DIR: dir,
        QUORRA_PORT: '0',
        QUORRA_LOG_LEVEL: 'warn',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        MATRIX_HOMESERVER_URL: hs.url,
        MATRIX_ACCESS_TOKEN: bot.accessToken,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const polling = () =>
      hs.requests.find((r) => r.path.endsWith('/sync') && r.query.since && r.status === undefined);
    const poll = await waitUntil(polling, 60_000, 'the bot to park in a long-poll');
    assert.equal(poll.query.timeout, '30000');

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    const tookMs = Date.now() - signalledAt;
    // the long-poll would have held the process for up to 30 s; the bound is generous, the point is "not held"
    assert.ok(tookMs < 10_000, `exit took ${tookMs} ms`);
    await waitUntil(() => poll.status !== undefined, 5000, 'the server to see the long-poll end');

    const db = new Database(path.join(dir, 'quorra.db'), { readonly: true });
    const row = db.prepare("SELECT value FROM matrix_kv WHERE key = 'sync.token'").get() as { value: string };
    db.close();
    assert.equal(row.value, poll.query.since, 'the position the bot was polling from is the one saved');
  });
});
