// WAL checkpoints at idle: once commits pause the WAL's frames move back into the file and the WAL stops growing,
// SQLite's own checkpoint inside a commit is kept only as a far fallback, and closing the database stops the timer.
import assert from 'node:assert/strict';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { coreEntities } from '../../../core/db/entities.ts';
import { openDatabase } from '../../../core/db/open-database.ts';
import { sqliteConnection } from '../../../core/db/sqlite-connection.ts';
import {
  type CheckpointResult,
  FALLBACK_PAGES,
  walCheckpointerOf,
} from '../../../core/db/wal-checkpointer.ts';
import { coreMigrations } from '../../../migrations/index.ts';
import { tempDir } from '../../support/boot-app.ts';

describe('WAL checkpoints when the database is idle', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir('quorra-wal-');
    file = path.join(dir, 'quorra.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (at = file) =>
    openDatabase({ path: at, busyTimeoutMs: 5000, entities: coreEntities, migrations: coreMigrations });
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  // ≈ 200 pages of 4 KiB per batch, each row its own commit as Quorra's writes are
  const writeBatch = (conn: ReturnType<typeof sqliteConnection>, batch: number) => {
    const insert = conn.prepare('INSERT INTO blobs (batch, body) VALUES (?, ?)');
    for (let i = 0; i < 200; i++) insert.run(batch, 'x'.repeat(3000));
  };
  const checkpointerOf = (db: Parameters<typeof walCheckpointerOf>[0]) => {
    const checkpointer = walCheckpointerOf(db);
    assert.ok(checkpointer);
    return checkpointer;
  };

  const idleCheckpoint = (db: Parameters<typeof walCheckpointerOf>[0]) =>
    new Promise<CheckpointResult>((resolve) => {
      checkpointerOf(db).onCheckpoint = resolve;
    });

  it('checkpoints once commits pause, moving frames back into the file, and the WAL stops growing', async () => {
    const { db } = await open();
    const conn = sqliteConnection(db);
    assert.equal(conn.pragma('wal_autocheckpoint', { simple: true }), FALLBACK_PAGES);
    conn.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, batch INTEGER, body TEXT)');
    checkpointerOf(db).checkpointNow();
    const fileBefore = size(file);
    const walSizes: number[] = [];
    const results: CheckpointResult[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const checkpointed = idleCheckpoint(db);
      writeBatch(conn, batch);
      walSizes.push(size(`${file}-wal`));
      results.push(await checkpointed);
    }
    // every frame of each batch went back into the database file, which grew by the rows' pages
    for (const r of results) {
      assert.equal(r.checkpointed, r.log);
      assert.ok(r.log >= 200, `${r.log} frames`);
    }
    assert.ok(size(file) >= fileBefore + 6 * 200 * 3000, `file ${fileBefore} → ${size(file)}`);
    // without checkpoints the WAL would hold all six batches; with them each batch starts it over from the beginning
    const frames = results.reduce((n, r) => n + r.log, 0);
    assert.ok(
      Math.max(...walSizes) < (frames / 3) * 4096,
      `WAL sizes ${walSizes.join(', ')} for ${frames} frames`,
    );
    await db.destroy();
    // the last connection's close checkpointed the rest and removed the WAL
    assert.equal(existsSync(`${file}-wal`), false);
  });

  it('keeps every committed row across a reopen', async () => {
    const first = await open();
    const conn = sqliteConnection(first.db);
    conn.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, batch INTEGER, body TEXT)');
    const checkpointed = idleCheckpoint(first.db);
    writeBatch(conn, 1);
    assert.ok((await checkpointed).checkpointed >= 200);
    writeBatch(conn, 2);
    await first.db.destroy();
    const second = await open();
    const rows = sqliteConnection(second.db)
      .prepare('SELECT batch, count(*) AS n FROM blobs GROUP BY batch')
      .all();
    assert.deepEqual(rows, [
      { batch: 1, n: 200 },
      { batch: 2, n: 200 },
    ]);
    await second.db.destroy();
  });

  it('stops when the database closes', async () => {
    const { db } = await open();
    const checkpointer = checkpointerOf(db);
    assert.equal(checkpointer.running, true);
    await db.destroy();
    assert.equal(checkpointer.running, false);
  });

  it('does not run for an in-memory database', async () => {
    const { db } = await open(':memory:');
    assert.equal(walCheckpointerOf(db), undefined);
    await db.destroy();
  });
});
