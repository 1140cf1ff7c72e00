// The quorra command as a real process: config errors exit 2, serve answers /health and stops on SIGTERM.
// In the PostgreSQL pass each process is given DATABASE_URL, so the same commands run against PostgreSQL.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserStore } from '../../../core/auth/user-store.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { openCliDatabase } from '../../../core/schema/household-database.ts';
import { tempDir } from '../../support/boot-app.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));
const hostCheckPlugins = fileURLToPath(new URL('../../fixtures/host-check-plugins', import.meta.url));

describe('quorra CLI', function () {
  // each test boots whole Node processes, which on a loaded machine outlast mocha's default
  this.timeout(120_000);
  let dir: string;
  let databaseUrl: string | undefined;
  beforeEach(async () => {
    dir = tempDir('quorra-cli-');
    databaseUrl = await testDatabaseUrl();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    HOME: dir,
    QUORRA_DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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

  it('migrate exits 1 naming each plugin whose migration failed, with its code, and migrates the rest', () => {
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(
      path.join(dir, 'config/quorra.yaml'),
      `pluginPaths:\n  - ${JSON.stringify(hostCheckPlugins)}\n`,
    );
    const run = spawnSync(process.execPath, [bin, 'migrate'], { cwd: dir, env: env(), encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /plugin bad-migration: QUORRA_PLUGIN_MIGRATION_FAILED: .*no_such_table/);
    assert.match(run.stderr, /plugin no-table: QUORRA_PLUGIN_ENTITY_NO_TABLE: /);
    assert.match(
      run.stderr,
      /migrations failed for plugin\(s\): (bad-migration, no-table|no-table, bad-migration);/,
    );
    const applied = /^applied: (.*)$/m.exec(run.stdout)?.[1] ?? '';
    assert.match(applied, /CreatePluginState.*CreateFinance/);
    assert.doesNotMatch(applied, /BrokenMigration/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
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

describe('quorra user and token commands', function () {
  // each step boots a whole Node process; five in a row outlast mocha's default on a loaded machine
  this.timeout(120_000);
  let dir: string;
  let databaseUrl: string | undefined;
  before(async () => {
    dir = tempDir('quorra-cli-users-');
    databaseUrl = await testDatabaseUrl();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        QUORRA_DATA_DIR: dir,
        QUORRA_LOG_LEVEL: 'silent',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      encoding: 'utf8',
    });

  it('adds users, lists them, and prints a token once', async () => {
    assert.match(
      run(
        'user',
        'add',
        'Olivia',
        'Smith',
        '--role',
        'owner',
        '--matrix',
        '@olivia:home.test',
        '--email',
        'o@home.test',
      ).stdout,
      /added olivia-smith \(owner\)/,
    );
    assert.match(run('user', 'add', 'Max', '--role', 'member').stdout, /added max \(member\)/);
    const list = run('user', 'list').stdout;
    assert.match(list, /olivia-smith\towner\tOlivia Smith\t@olivia:home\.test\to@home\.test/);
    const token = run('token', 'create', '@olivia:home.test').stdout.trim();
    assert.match(token, /^qra_[A-Za-z0-9_-]{40,}$/);
    // read back through Quorra's own database opening, so it is the same check on SQLite and PostgreSQL
    const config = loadConfig({
      env: {},
      cwd: dir,
      overrides: { dataDir: dir, ...(databaseUrl ? { database: { url: databaseUrl } } : {}) },
    });
    const { db } = await openCliDatabase(config);
    const hashes = JSON.stringify(await db.query('SELECT token_hash FROM api_tokens'));
    await db.destroy();
    assert.match(hashes, /token_hash/);
    assert.doesNotMatch(hashes, new RegExp(token.slice(4, 20)), 'only the hash is stored');
  });

  it('marks a child with their list and quiet hours, and takes it back', async () => {
    const added = run(
      'user',
      'add',
      'Mia',
      '--role',
      'member',
      '--child',
      '--child-tools',
      'list_show,ask_a_parent',
      '--quiet',
      '20:00-07:00',
    );
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /added mia \(member\)/);
    assert.match(added.stdout, /a child \(may use: list_show, ask_a_parent\); quiet hours 20:00–07:00/);
    const readBack = async () => {
      const config = loadConfig({
        env: {},
        cwd: dir,
        overrides: { dataDir: dir, ...(databaseUrl ? { database: { url: databaseUrl } } : {}) },
      });
      const { db } = await openCliDatabase(config);
      try {
        return await new UserStore(db).get('mia');
      } finally {
        await db.destroy();
      }
    };
    const mia = await readBack();
    assert.equal(mia?.child, true);
    assert.deepEqual(mia?.childTools, ['list_show', 'ask_a_parent']);
    assert.equal(mia?.quietStart, '20:00');
    const edited = run('user', 'edit', 'Mia', '--no-child', '--quiet', 'off');
    assert.equal(edited.status, 0, edited.stderr);
    const after = await readBack();
    assert.equal(after?.child, false);
    assert.equal(after?.quietStart, null);
    const owner = run('user', 'add', 'Kid Owner', '--role', 'owner', '--child');
    assert.equal(owner.status, 1);
    assert.match(owner.stderr, /a child cannot be an owner/);
    const badQuiet = run('user', 'edit', 'mia', '--quiet', 'bedtime');
    assert.equal(badQuiet.status, 64, 'a flag used wrongly is a usage error (EX_USAGE)');
    assert.match(badQuiet.stderr, /--quiet takes two times like 21:00-07:00/);
  });

  it('refuses bad input with a readable message and exit 1', () => {
    const bad = run('user', 'add', 'Eve', '--role', 'admin');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /role/);
    assert.equal(run('user', 'add', 'Dup', '--role', 'member', '--matrix', '@olivia:home.test').status, 1);
    assert.match(run('token', 'create', 'nobody').stderr, /no user "nobody"/);
  });
});
