// quorra token list|revoke and user edit|remove on a real database (the commands in-process; bin.js is spawned in cli.test.ts).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import { commands } from '../../../core/cli/commands.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { QuorraError } from '../../../core/contracts/errors.ts';
import { type BootedApp, bootApp, databaseUrlFor, tempDir } from '../../support/boot-app.ts';

describe('quorra token list/revoke and user edit/remove', () => {
  let dir: string;
  before(() => {
    dir = tempDir('quorra-cli-people-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  /** Runs a CLI command as main() does: stdout collected, a QuorraError becomes exit 1 with "CODE: message". */
  async function run(name: string, ...args: string[]) {
    let stdout = '';
    const out = new Writable({
      write(chunk, _enc, done) {
        stdout += String(chunk);
        done();
      },
    });
    // on PostgreSQL, the schema bootApp uses for this data dir
    const url = await databaseUrlFor(dir);
    const config = loadConfig({
      env: {},
      cwd: dir,
      overrides: { dataDir: dir, log: { level: 'silent' }, ...(url ? { database: { url } } : {}) },
    });
    try {
      return { status: await commands[name].run(args, config, out), stdout, stderr: '' };
    } catch (err) {
      if (!(err instanceof QuorraError)) throw err;
      return { status: 1, stdout, stderr: `${err.code}: ${err.message}` };
    }
  }

  it('lists tokens by id and label, revokes one and all, and a revoked token is refused at once', async () => {
    assert.equal((await run('user', 'add', 'Olivia', '--role', 'owner')).status, 0);
    const first = (await run('token', 'create', 'olivia', 'laptop')).stdout.trim();
    const second = (await run('token', 'create', 'olivia', 'backup script')).stdout.trim();
    const list = (await run('token', 'list', 'olivia')).stdout.trim().split('\n');
    assert.equal(list.length, 2);
    assert.match(list[0], /^2\tbackup script\tcreated \S+\tlast used never$/);
    assert.match(list[1], /^1\tlaptop\t/);
    assert.ok(!list.join('\n').includes(first.slice(4)), 'the token itself is never listed');

    let app: BootedApp | undefined = await bootApp({ dataDir: dir });
    try {
      // a fresh connection per request: the CLI steps in between can outlast the server's keep-alive timeout
      const ask = (token: string) =>
        new Promise<number | undefined>((resolve, reject) =>
          get(
            `${app!.url}/tokens`,
            { agent: false, headers: { authorization: `Bearer ${token}` } },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          ).on('error', reject),
        );
      assert.equal(await ask(first), 200);
      assert.equal((await run('token', 'revoke', '1')).stdout, 'revoked token 1\n');
      assert.equal(await ask(first), 401, 'the running server refuses it on the next request');
      assert.equal(await ask(second), 200);
      assert.equal(
        (await run('token', 'revoke', '--all', 'olivia')).stdout,
        'revoked 1 token(s) of olivia\n',
      );
      assert.equal(await ask(second), 401);
    } finally {
      await app?.stop();
      app = undefined;
    }
    const missing = await run('token', 'revoke', '99');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /no token with id 99/);
  });

  it('edits only the fields given, keeps an owner, and removes a person saying what happens to their data', async () => {
    assert.equal(
      (await run('user', 'add', 'Max', '--role', 'member', '--matrix', '@max:home.test')).status,
      0,
    );
    const edited = await run('user', 'edit', 'max', '--name', 'Max Power', '--timezone', 'Europe/Berlin');
    assert.equal(edited.status, 0, edited.stderr);
    assert.equal(edited.stdout, 'max\tmember\tMax Power\t@max:home.test\t\n', 'Matrix IDs untouched');
    const demote = await run('user', 'edit', 'olivia', '--role', 'member');
    assert.equal(demote.status, 1);
    assert.match(demote.stderr, /QUORRA_LAST_OWNER/);
    const bad = await run('user', 'edit', 'max', '--timezone', 'Mars/Olympus');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /timezone: a valid IANA time zone/);

    await run('token', 'create', 'max');
    const removed = await run('user', 'remove', '@max:home.test');
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /removed max: 1 token\(s\) revoked, 0 browser sign-in\(s\) ended\./);
    assert.match(removed.stdout, /private memories stay visible to the owner/);
    assert.doesNotMatch((await run('user', 'list')).stdout, /max/);
    // the id is never reused: a new Max gets another one, and may take the freed Matrix ID
    assert.match(
      (await run('user', 'add', 'Max', '--role', 'member', '--matrix', '@max:home.test')).stdout,
      /added max-2/,
    );
  });
});
