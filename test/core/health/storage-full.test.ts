// A full disk is a state: writes answer 507 STORAGE_FULL in words, /health goes degraded naming the volume, and Quorra recovers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sqliteConnection } from '../../../core/db/sqlite-connection.ts';
import { isStorageFull } from '../../../core/db/storage-full.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

/** A 24 MiB tmpfs as the data directory where this machine allows mounting (root in a container), else null. */
function mountTmpfs(dir: string): boolean {
  // QUORRA_TEST_NO_TMPFS=1 runs the fallback (SQLITE_FULL from the real driver) on a machine that could mount
  if (process.env.QUORRA_TEST_NO_TMPFS === '1') return false;
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir], { stdio: 'ignore' });
  return r.status === 0;
}

describe('a full disk', () => {
  let root: string;
  let dataDir: string;
  let mounted = false;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  const filler = () => path.join(dataDir, 'filler.bin');

  before(async () => {
    root = tempDir('quorra-full-');
    dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    mounted = mountTmpfs(dataDir);
    model = await ScriptedModelServer.start();
    // SQLite in the data directory even in the PostgreSQL run: the full disk is the data directory's (the
    // PostgreSQL server's disk is not ours to fill; its disk_full code is recognised below)
    app = await bootApp({ model, dataDir, config: { database: { url: undefined } } });
    owner = await addUser(app, 'Olivia');
  });
  after(async () => {
    await app?.stop();
    await model?.close();
    if (mounted) spawnSync('umount', ['-l', dataDir]);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** Fills the disk: a file up to the last byte on the tmpfs, or SQLite's own page limit through the real driver. */
  function fill(): void {
    if (mounted) {
      const fd = openSync(filler(), 'w');
      const chunk = Buffer.alloc(256 * 1024);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        assert.equal((err as NodeJS.ErrnoException).code, 'ENOSPC');
      } finally {
        closeSync(fd);
      }
    } else {
      // where mounting is impossible: SQLite answers SQLITE_FULL once the file may not grow
      const conn = sqliteConnection(app.quorra.db);
      const pages = conn.pragma('page_count', { simple: true }) as number;
      conn.pragma(`max_page_count = ${pages}`);
    }
  }

  function free(): void {
    if (mounted) rmSync(filler(), { force: true });
    else sqliteConnection(app.quorra.db).pragma('max_page_count = 1073741823');
  }

  const createWorkspace = (n: number) =>
    call(app, owner, 'POST', '/workspaces', { name: `Shed number ${n}`, services: ['general'] });
  const storage = async () => (await call(app, owner, 'GET', '/health/details')).json.checks.storage;

  it('recognises the drivers’ full-disk errors, wrapped or not', () => {
    assert.ok(isStorageFull({ code: 'SQLITE_FULL' }));
    assert.ok(isStorageFull({ driverError: { code: '53100' } }));
    assert.ok(isStorageFull({ cause: { code: 'ENOSPC' } }));
    assert.ok(!isStorageFull({ code: 'SQLITE_BUSY' }));
  });

  it('answers 507 STORAGE_FULL in words, turns /health degraded with the volume, and recovers without a restart', async () => {
    assert.equal((await storage()).status, 'ok');
    fill();
    let full: Awaited<ReturnType<typeof createWorkspace>> | undefined;
    // writes that fit in pages already on disk may still succeed; the next one that needs room cannot
    for (let n = 0; n < 400 && !full; n++) {
      const r = await createWorkspace(n);
      if (r.status !== 201) full = r;
    }
    assert.ok(full, `a write met the full disk (${mounted ? 'tmpfs' : 'max_page_count'})`);
    assert.equal(full.status, 507, JSON.stringify(full.json));
    assert.equal(full.json.error.code, 'STORAGE_FULL');
    assert.match(full.json.error.message, /disk is full.*What is already saved is safe/);
    const pub = await fetch(`${app.url}/health`);
    assert.deepEqual(await pub.json(), { status: 'degraded' });
    const s = await storage();
    assert.equal(s.status, 'degraded');
    assert.match(s.reason, /is full \([\d.]+% used/);
    assert.ok(
      s.volumes.some((v: { dir: string }) => v.dir === dataDir),
      JSON.stringify(s.volumes),
    );
    assert.ok(s.writesFailingSince);

    free();
    const again = await createWorkspace(1000);
    assert.equal(again.status, 201, JSON.stringify(again.json));
    assert.equal((await storage()).status, 'ok');
    assert.notEqual((await (await fetch(`${app.url}/health`)).json()).status, 'failed');
  });
});
