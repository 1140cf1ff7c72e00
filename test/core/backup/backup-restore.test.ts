// Backup → wipe → restore → start: memories, notes, workspaces, confirmations and the Matrix sync position come
// back, also when the backup is taken while requests are being served; damaged archives and occupied dirs refused.
// The PostgreSQL pass runs it too: there the database is a schema, wiped by dropping it, restored by copying.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runNightlyBackup } from '../../../core/backup/backup-job.ts';
import { createBackup } from '../../../core/backup/create-backup.ts';
import { restoreBackup } from '../../../core/backup/restore-backup.ts';
import { deepMerge, loadConfig } from '../../../core/config/load-config.ts';
import { MatrixKvStore, QuorraStorageProvider } from '../../../core/matrix/matrix-storage.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { onPostgres, testDatabaseUrl, wipeTestDatabase } from '../../support/test-database.ts';

const backupOff = { backup: { enabled: false } };
/** A restore's configuration: the data dir, and on PostgreSQL the schema `url` names. */
const configFor = (dataDir: string, url: string | undefined) =>
  loadConfig({
    env: {},
    cwd: dataDir,
    overrides: deepMerge({ dataDir, ...(url ? { database: { url } } : {}) }, backupOff),
  });

describe('backup and restore', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let root: string;
  let dataDir: string;
  let app: BootedApp | undefined;
  let owner: TestUser;
  /** The app's PostgreSQL schema, when the suites run on PostgreSQL. */
  let dbUrl: string | undefined;

  before(async () => {
    model = await ScriptedModelServer.start();
  });
  after(() => model.close());
  beforeEach(async () => {
    root = tempDir('quorra-backup-');
    dataDir = path.join(root, 'data');
    app = await bootApp({ model, dataDir, config: backupOff });
    dbUrl = app.quorra.config.database.url;
    owner = await addUser(app, 'Olivia', 'owner');
  });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /** Puts one of everything the round trip must bring back into the running app. */
  async function populate() {
    const a = app!;
    const memory = await call(a, owner, 'POST', '/memory', {
      content: 'The boiler is serviced every October',
      importance: 'core',
    });
    assert.equal(memory.status, 201);
    const ws = await call(a, owner, 'POST', '/workspaces', { name: 'Cabin', services: ['general'] });
    assert.equal(ws.status, 201);
    const turn = await chat(a, owner, {
      message: 'remember the cabin key is under the mat',
      scope: ['general'],
    });
    assert.equal(turn.status, 200);
    const confirmation = a.quorra.conversation.confirmations.draft({
      sessionId: turn.json.session_id,
      userId: owner.id,
      toolName: 'delete_everything',
      input: {},
      description: 'delete the old photos',
    });
    await a.quorra.conversation.confirmations.save(confirmation);
    await new QuorraStorageProvider(new MatrixKvStore(a.quorra.db)).setSyncToken('s72594_4483_1934');
    mkdirSync(path.join(dataDir, 'vault/household'), { recursive: true });
    writeFileSync(path.join(dataDir, 'vault/household/boiler.md'), '# Boiler\nServiced in October.\n');
    mkdirSync(path.join(dataDir, 'plugins/concierge'), { recursive: true });
    writeFileSync(path.join(dataDir, 'plugins/concierge/state.json'), '{"n":1}');
    return {
      memoryId: memory.json.id,
      slug: ws.json.slug,
      sessionId: turn.json.session_id,
      confirmationId: confirmation.id,
    };
  }

  /** Stops the app and loses everything it had: the data dir, and the PostgreSQL schema's tables. */
  async function wipe() {
    await app!.stop();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    if (dbUrl) await wipeTestDatabase(dbUrl);
  }

  async function assertEverythingBack(ids: Awaited<ReturnType<typeof populate>>) {
    app = await bootApp({ model, dataDir, config: backupOff });
    const memories = await call(app, owner, 'GET', '/memory');
    assert.equal(memories.status, 200, 'the old token works: users and tokens came back');
    assert.ok(JSON.stringify(memories.json).includes('The boiler is serviced every October'));
    const ws = await call(app, owner, 'GET', '/workspaces');
    assert.ok(JSON.stringify(ws.json).includes(ids.slug));
    const notes = await app.quorra.memory.notes.latestSeq();
    assert.ok(notes >= 1, 'the notes log came back');
    const pending = await app.quorra.conversation.confirmations.pendingForUser(owner.id);
    assert.deepEqual(
      pending.map((c) => c.id),
      [ids.confirmationId],
    );
    assert.equal(
      await new QuorraStorageProvider(new MatrixKvStore(app.quorra.db)).getSyncToken(),
      's72594_4483_1934',
    );
    assert.equal(
      readFileSync(path.join(dataDir, 'vault/household/boiler.md'), 'utf8'),
      '# Boiler\nServiced in October.\n',
    );
    assert.equal(readFileSync(path.join(dataDir, 'plugins/concierge/state.json'), 'utf8'), '{"n":1}');
  }

  it('round-trips a populated data dir through backup, wipe and restore', async () => {
    const ids = await populate();
    const { file, manifest } = await createBackup(app!.quorra.config, { dest: path.join(root, 'out/') });
    assert.ok(manifest.files.some((f) => f.path === 'db/quorra.db'));
    assert.equal(manifest.database, dbUrl ? 'postgres' : 'sqlite');
    assert.ok(
      manifest.files.some((f) => f.path === 'data/vault/household/boiler.md' && f.sha256.length === 64),
    );
    await wipe();
    await restoreBackup(configFor(dataDir, dbUrl), file);
    await assertEverythingBack(ids);
  });

  it('takes a consistent backup while requests are being served', async () => {
    const ids = await populate();
    let writes = 0;
    let serving = true;
    const load = (async () => {
      while (serving) {
        const r = await call(app!, owner, 'POST', '/memory', { content: `meter reading ${writes}` });
        assert.equal(r.status, 201);
        writes++;
      }
    })();
    while (writes < 3) await new Promise((r) => setTimeout(r, 5));
    const before = writes;
    const { file } = await createBackup(app!.quorra.config, { dest: path.join(root, 'live.tar.gz') });
    serving = false;
    await load;
    assert.ok(writes > before, 'requests kept being served during the backup');
    await wipe();
    await restoreBackup(configFor(dataDir, dbUrl), file);
    await assertEverythingBack(ids);
    const restored = (await call(app!, owner, 'GET', '/memory')).json;
    const readings = JSON.stringify(restored).match(/meter reading \d+/g) ?? [];
    assert.ok(
      readings.length >= before,
      `at least the ${before} readings written before the backup began are back`,
    );
  });

  it('refuses a non-empty data dir unless forced, then moves the old contents aside', async () => {
    const ids = await populate();
    const { file } = await createBackup(app!.quorra.config, { dest: path.join(root, 'b.tar.gz') });
    // written after the backup: the forced restore replaces it, and it is saved aside, not lost
    await call(app!, owner, 'POST', '/memory', { content: 'written after the backup' });
    await app!.stop();
    app = undefined;
    await assert.rejects(restoreBackup(configFor(dataDir, dbUrl), file), {
      code: 'QUORRA_RESTORE_NOT_EMPTY',
    });
    const { movedAside } = await restoreBackup(configFor(dataDir, dbUrl), file, { force: true });
    assert.ok(movedAside && readdirSync(movedAside).length > 0);
    // the database that was replaced: the SQLite file moved aside, or PostgreSQL's rows saved there as one
    const aside = readdirSync(movedAside).find((n) => /quorra\.db$|^database-before-restore\.db$/.test(n));
    assert.ok(aside, `the replaced database is in ${movedAside}: ${readdirSync(movedAside)}`);
    const saved = new Database(path.join(movedAside, aside), { readonly: true });
    const contents = saved.prepare('SELECT content FROM memories').pluck().all();
    saved.close();
    assert.ok(contents.includes('written after the backup'));
    await assertEverythingBack(ids);
    const memories = JSON.stringify((await call(app!, owner, 'GET', '/memory')).json);
    assert.ok(!memories.includes('written after the backup'), 'the restore replaced the database');
  });

  it('refuses an archive whose contents do not match its manifest, and restores nothing', async () => {
    await populate();
    const { file } = await createBackup(app!.quorra.config, { dest: path.join(root, 'b.tar.gz') });
    const unpacked = path.join(root, 'tampered');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', file, '-C', unpacked]);
    writeFileSync(path.join(unpacked, 'data/vault/household/boiler.md'), 'changed');
    execFileSync('tar', ['-czf', path.join(root, 'tampered.tar.gz'), '-C', unpacked, '.']);
    const empty = path.join(root, 'fresh');
    const emptyDb = await testDatabaseUrl();
    await assert.rejects(
      restoreBackup(configFor(empty, emptyDb), path.join(root, 'tampered.tar.gz')),
      (e: any) => {
        assert.equal(e.code, 'QUORRA_BACKUP_CORRUPT');
        assert.match(e.message, /boiler\.md: checksum differs/);
        return true;
      },
    );
    assert.deepEqual(readdirSync(empty), []);
  });

  it('the nightly job keeps only the newest backup.keep archives', async () => {
    const config = deepMerge(app!.quorra.config as any, {
      backup: { keep: 2, dir: path.join(root, 'nightly') },
    }) as any;
    const ids = await populate();
    let last = '';
    for (let day = 1; day <= 4; day++)
      last = (await runNightlyBackup(config, new Date(Date.UTC(2026, 10, day, 2)))).file;
    const left = readdirSync(path.join(root, 'nightly'));
    assert.deepEqual(left, [
      'quorra-backup-2026-11-03T02-00-00-000Z.tar.gz',
      'quorra-backup-2026-11-04T02-00-00-000Z.tar.gz',
    ]);
    // and what it wrote restores a whole household, on whichever database the server runs
    await wipe();
    await restoreBackup(configFor(dataDir, dbUrl), last);
    await assertEverythingBack(ids);
  });
});

describe('quorra backup / restore on the command line', function () {
  // four real processes, each booting tsx: slow on a busy machine
  this.timeout(180_000);
  const bin = path.join(import.meta.dirname, '../../../core/cli/bin.js');
  let root: string;
  beforeEach(() => {
    root = tempDir('quorra-backup-cli-');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  /** Each data dir's PostgreSQL schema, when the suites run on PostgreSQL (passed as DATABASE_URL). */
  const databases = new Map<string, string>();
  const run = (dataDir: string, ...args: string[]) => {
    const url = databases.get(dataDir);
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [bin, ...args], {
          cwd: root,
          encoding: 'utf8',
          stdio: 'pipe',
          env: {
            PATH: process.env.PATH ?? '',
            QUORRA_DATA_DIR: dataDir,
            ...(url ? { DATABASE_URL: url } : {}),
          },
        }),
      };
    } catch (e: any) {
      return { code: e.status as number, out: `${e.stdout}${e.stderr}` };
    }
  };

  it('writes a verified archive, restores it into an empty dir and refuses an occupied one', async () => {
    const data = path.join(root, 'data');
    const fresh = path.join(root, 'fresh');
    for (const dir of [data, fresh]) {
      const url = await testDatabaseUrl();
      if (url) databases.set(dir, url);
    }
    assert.equal(run(data, 'migrate').code, 0);
    assert.equal(run(data, 'user', 'add', 'Olivia', '--role', 'owner').code, 0);
    const made = run(data, 'backup', path.join(root, 'archives/'));
    assert.equal(made.code, 0, made.out);
    assert.match(made.out, /backup written and verified: .*quorra-backup-.*\.tar\.gz/);
    const archive = path.join(root, 'archives', readdirSync(path.join(root, 'archives'))[0]);
    const refused = run(data, 'restore', archive);
    assert.equal(refused.code, 1);
    assert.match(
      refused.out,
      onPostgres()
        ? /QUORRA_RESTORE_NOT_EMPTY: the database postgres:\/\/quorra@.* already holds \d+ rows/
        : /QUORRA_RESTORE_NOT_EMPTY: the data directory .* is not empty/,
    );
    const restored = run(fresh, 'restore', archive);
    assert.equal(restored.code, 0, restored.out);
    assert.equal(existsSync(path.join(fresh, 'quorra.db')), !onPostgres());
    assert.match(run(fresh, 'user', 'list').out, /olivia/i);
    assert.equal(run(fresh, 'migrate').out, 'database is up to date\n');
  });
});
