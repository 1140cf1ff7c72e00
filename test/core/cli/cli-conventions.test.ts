// The command line follows Node conventions: --help everywhere without starting anything, strict flags, people by name.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { allCommands } from '../../../core/cli/cli-help.ts';
import { commands } from '../../../core/cli/commands.ts';
import { main } from '../../../core/cli/main.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { QuorraError } from '../../../core/contracts/errors.ts';
import { databaseUrlFor, tempDir } from '../../support/boot-app.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

/** A writable that keeps what was written. */
function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

async function cli(...argv: string[]) {
  const out = sink();
  const err = sink();
  const status = await main(argv, out.stream as never, err.stream as never);
  return { status, stdout: out.text(), stderr: err.text() };
}

describe('quorra command line conventions', function () {
  this.timeout(120_000);
  let dir: string;
  let saved: string | undefined;
  before(() => {
    dir = tempDir('quorra-cli-conv-');
    saved = process.env.QUORRA_DATA_DIR;
    // if anything reached the configuration or a database, it would create this folder
    process.env.QUORRA_DATA_DIR = path.join(dir, 'never-created');
  });
  after(() => {
    if (saved === undefined) delete process.env.QUORRA_DATA_DIR;
    else process.env.QUORRA_DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('quorra --help, -h and help list every command and exit 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], []]) {
      const r = await cli(...argv);
      assert.equal(r.status, 0, argv.join(' '));
      assert.match(r.stdout, /^Usage: quorra <command>/);
      for (const name of [...Object.keys(commands), 'diagnostics'])
        assert.match(r.stdout, new RegExp(`\\n  ${name} `), name);
    }
  });

  it('<command> --help and -h print that command’s usage and options and start nothing, for every command', async () => {
    const every = Object.keys(await allCommands());
    assert.ok(every.includes('diagnostics'), 'a plugin’s command is one of them');
    for (const name of every) {
      for (const flag of ['--help', '-h']) {
        const r = await cli(name, flag);
        assert.equal(r.status, 0, `${name} ${flag}: ${r.stderr}`);
        assert.match(r.stdout, new RegExp(`^Usage: quorra ${name}`), name);
        assert.match(r.stdout, /-h, --help/);
        assert.equal(r.stderr, '');
      }
    }
    // help after a subcommand and its arguments too
    assert.equal((await cli('user', 'add', 'Ana', '--help')).status, 0);
    assert.match((await cli('help', 'token')).stdout, /^Usage: quorra token create <person>/);
    assert.equal(
      existsSync(path.join(dir, 'never-created')),
      false,
      'help read no configuration, opened nothing',
    );
  });

  it('diagnostics --help returns at once as a real process instead of starting the agent', () => {
    const run = spawnSync(process.execPath, [bin, 'diagnostics', '--help'], {
      env: { PATH: process.env.PATH ?? '', QUORRA_DATA_DIR: path.join(dir, 'never-created') },
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    assert.equal(run.signal, null, 'had to be killed: the agent started');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Usage: quorra diagnostics/);
    assert.equal(existsSync(path.join(dir, 'never-created')), false);
  });

  it('an unknown flag is an error with the usage line, before anything starts', async () => {
    const r = await cli('serve', '--prot', '8080');
    assert.equal(r.status, 64);
    assert.match(r.stderr, /^quorra serve: Unknown option '--prot'/);
    assert.match(r.stderr, /\nUsage: quorra serve\n/);
    const t = await cli('token', 'create', 'ana', '--lable', 'x');
    assert.equal(t.status, 64);
    assert.match(t.stderr, /Unknown option '--lable'[\s\S]*Usage: quorra token create <person> \[label\]/);
    const m = await cli('model', 'pull', '--mirror');
    assert.equal(m.status, 64, 'a flag that needs a value and has none');
    assert.match(m.stderr, /--mirror/);
    assert.equal(existsSync(path.join(dir, 'never-created')), false);
  });

  it('an unknown command suggests the nearest one', async () => {
    const r = await cli('serv');
    assert.equal(r.status, 64);
    assert.match(r.stderr, /unknown command "serv" \(did you mean "serve"\?\)/);
  });
});

describe('quorra people by name and time zones', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = tempDir('quorra-cli-people-names-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  /** A command as main() runs it after its checks, on this test's data directory. */
  async function run(name: string, ...args: string[]) {
    const out = sink();
    const url = await databaseUrlFor(dir);
    const config = loadConfig({
      env: {},
      cwd: dir,
      overrides: { dataDir: dir, log: { level: 'silent' }, ...(url ? { database: { url } } : {}) },
    });
    try {
      return { status: await commands[name].run(args, config, out.stream), stdout: out.text(), stderr: '' };
    } catch (err) {
      if (!(err instanceof QuorraError)) throw err;
      return { status: 1, stdout: out.text(), stderr: `${err.code}: ${err.message}` };
    }
  }

  it('gives a person without --timezone the household’s zone and says so; refuses a zone that does not exist', async () => {
    const owner = await run('user', 'add', 'Ana', 'Silva', '--role', 'owner', '--timezone', 'Europe/Lisbon');
    assert.equal(owner.status, 0, owner.stderr);
    assert.match(owner.stdout, /added ana-silva \(owner\), time zone Europe\/Lisbon\n/);
    const leo = await run('user', 'add', 'Leo', '--role', 'member', '--matrix', '@leo:home.test');
    assert.match(
      leo.stdout,
      /added leo \(member\), time zone Europe\/Lisbon \(the household's; change it with --timezone\)/,
    );
    const bad = await run('user', 'add', 'Bo', '--role', 'member', '--timezone', 'Mars/Olympus');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /timezone.*valid IANA time zone/);
    const badEdit = await run('user', 'edit', 'leo', '--timezone', 'Europe/Nowhere');
    assert.match(badEdit.stderr, /valid IANA time zone/);
    const edited = await run('user', 'edit', 'Leo', '--timezone', 'America/New_York');
    assert.equal(edited.status, 0, edited.stderr);
    const { db } = await (await import('../../../core/schema/household-database.ts')).openCliDatabase(
      loadConfig({
        env: {},
        cwd: dir,
        overrides: {
          dataDir: dir,
          ...((await databaseUrlFor(dir)) ? { database: { url: await databaseUrlFor(dir) } } : {}),
        },
      }),
    );
    try {
      const rows = await db.query('SELECT id, timezone FROM users ORDER BY id');
      assert.deepEqual(
        rows.map((r: { id: string; timezone: string }) => [r.id, r.timezone]),
        [
          ['ana-silva', 'Europe/Lisbon'],
          ['leo', 'America/New_York'],
        ],
      );
    } finally {
      await db.destroy();
    }
  });

  it('finds a person by display name (any case), id or Matrix ID, and suggests one when none matches', async () => {
    for (const ref of ['Ana Silva', 'ana silva', 'ANA SILVA', 'ana-silva']) {
      const r = await run('token', 'create', ref, 'laptop');
      assert.equal(r.status, 0, `${ref}: ${r.stderr}`);
      assert.match(r.stdout, /^qra_/);
    }
    assert.equal((await run('token', 'list', '@leo:home.test')).status, 0);
    const miss = await run('token', 'create', 'Ana');
    assert.equal(miss.status, 1);
    assert.match(miss.stderr, /QUORRA_USER_UNKNOWN: no user "Ana"; did you mean ana-silva \(Ana Silva\)\?/);
    const typo = await run('admin-link', 'leoo');
    assert.match(typo.stderr, /did you mean leo \(Leo\)\?/);
    const none = await run('user', 'remove', 'Zebedee');
    assert.match(none.stderr, /no user "Zebedee"; `quorra user list` shows everyone/);
  });

  it('asks for an id when a display name names two people', async () => {
    assert.equal((await run('user', 'add', 'Max', '--role', 'member')).status, 0);
    assert.equal((await run('user', 'add', 'max', '--role', 'member', '--allow-duplicate')).status, 0);
    const r = await run('token', 'create', 'MAX');
    assert.match(r.stderr, /QUORRA_USER_AMBIGUOUS: 2 people are called "Max": name one by id \(max, max-2\)/);
  });
});
