// Storage: migrations on an empty and an existing database, WAL and busy timeout, unwritable data dir.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { coreEntities, coreMigrations } from '../../../core/schema/core-entities.ts';
import { tempDir } from '../../support/boot-app.ts';

class AddWidgets1999999999999 implements MigrationInterface {
  name = 'AddWidgets1999999999999';
  async up(q: QueryRunner) {
    await q.createTable(
      new Table({ name: 'widgets', columns: [{ name: 'id', type: 'integer', isPrimary: true }] }),
    );
  }
  async down(q: QueryRunner) {
    await q.dropTable('widgets');
  }
}

describe('openDatabase', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('quorra-db-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (migrations: Function[] = coreMigrations) =>
    openDatabase({
      path: path.join(dir, 'sub/quorra.db'),
      busyTimeoutMs: 4321,
      entities: coreEntities,
      migrations,
    });

  it('creates the file and applies every migration in order on an empty database', async () => {
    const { db, applied } = await open();
    assert.deepEqual(
      applied,
      coreMigrations.map((m) => (m as { name: string }).name),
    );
    const tables = (await db.query("SELECT name FROM sqlite_master WHERE type='table'")).map(
      (r: any) => r.name,
    );
    assert.ok(tables.includes('plugin_state'));
    assert.ok(tables.includes('migrations'));
    await db.destroy();
  });

  it('applies only new migrations to an existing database and keeps its data', async () => {
    const first = await open();
    await first.db.query("INSERT INTO plugin_state (id, enabled, updated_at) VALUES ('x', 1, '2026-01-01')");
    await first.db.destroy();
    const second = await open([...coreMigrations, AddWidgets1999999999999]);
    assert.deepEqual(second.applied, ['AddWidgets1999999999999']);
    assert.equal((await second.db.query('SELECT count(*) AS n FROM plugin_state'))[0].n, 1);
    await second.db.destroy();
    const third = await open([...coreMigrations, AddWidgets1999999999999]);
    assert.deepEqual(third.applied, []);
    await third.db.destroy();
  });

  it('runs in WAL mode with the configured busy timeout', async () => {
    const { db } = await open();
    assert.equal((await db.query('PRAGMA journal_mode'))[0].journal_mode, 'wal');
    assert.equal((await db.query('PRAGMA busy_timeout'))[0].timeout, 4321);
    await db.destroy();
  });

  it('runs concurrent transactions one at a time, so one rollback never takes another’s writes', async () => {
    const { db } = await open();
    const slow = db.transaction(async (em) => {
      await em.query("INSERT INTO plugin_state (id, enabled, updated_at) VALUES ('slow', 1, '2026-01-01')");
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('roll me back');
    });
    const fast = db.transaction(async (em) => {
      await em.query("INSERT INTO plugin_state (id, enabled, updated_at) VALUES ('fast', 1, '2026-01-01')");
    });
    await assert.rejects(slow, /roll me back/);
    await fast;
    const ids = (await db.query('SELECT id FROM plugin_state ORDER BY id')).map((r: any) => r.id);
    assert.deepEqual(ids, ['fast']);
    await db.destroy();
  });

  it('fails with a coded error when the data directory is not writable', async () => {
    if (process.getuid?.() === 0) {
      // root ignores permission bits, so make the parent a file instead
      const blocker = path.join(dir, 'blocker');
      writeFileSync(blocker, 'x');
      await assert.rejects(
        openDatabase({
          path: path.join(blocker, 'quorra.db'),
          busyTimeoutMs: 10,
          entities: coreEntities,
          migrations: coreMigrations,
        }),
        { code: 'QUORRA_DATA_DIR_UNWRITABLE' },
      );
      return;
    }
    const ro = path.join(dir, 'ro');
    mkdirSync(ro);
    chmodSync(ro, 0o500);
    await assert.rejects(
      openDatabase({
        path: path.join(ro, 'x/quorra.db'),
        busyTimeoutMs: 10,
        entities: coreEntities,
        migrations: coreMigrations,
      }),
      { code: 'QUORRA_DATA_DIR_UNWRITABLE' },
    );
  });
});
