// Commit durability on SQLite: commits unsynced by default, the writes that must reach the disk synced (and all before them).
import assert from 'node:assert/strict';
import { sqliteConnection } from '../../../core/db/sqlite-connection.ts';
import { durably } from '../../../core/db/sqlite-durability.ts';
import { MatrixKvStore, QuorraStorageProvider } from '../../../core/matrix/matrix-storage.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('SQLite commit durability', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ listen: false, connectMatrix: false });
  });
  after(() => app.stop({ clean: true }));

  // 1 = NORMAL (no fsync per commit in WAL mode), 2 = FULL
  const level = () => sqliteConnection(app.quorra.db).pragma('synchronous', { simple: true });

  it('opens the database in WAL mode with commits not synced one by one', () => {
    assert.equal(sqliteConnection(app.quorra.db).pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(level(), 1);
  });

  it('runs a durable write synced, nested ones too, and relaxes again afterwards, also after a failure', async () => {
    const seen: unknown[] = [];
    await durably(app.quorra.db, async () => {
      seen.push(level());
      await durably(app.quorra.db, async () => seen.push(level()));
      seen.push(level());
    });
    await assert.rejects(
      durably(app.quorra.db, async () => {
        seen.push(level());
        throw new Error('write failed');
      }),
      /write failed/,
    );
    assert.deepEqual(seen, [2, 2, 2, 2]);
    assert.equal(level(), 1);
  });

  it('writes the Matrix sync position synced, so it never gets ahead of the event log on disk', async () => {
    const levels: unknown[] = [];
    class Watched extends MatrixKvStore {
      override async set(key: string, value: string): Promise<void> {
        levels.push(level());
        await super.set(key, value);
      }
    }
    const kv = new Watched(app.quorra.db);
    const storage = new QuorraStorageProvider(kv, { tokenWriteMs: 1000 });
    await storage.setSyncToken('s1_2_3');
    await storage.flush();
    await kv.set('other', 'value');
    assert.deepEqual(levels, [2, 1]);
    assert.equal(await new QuorraStorageProvider(new MatrixKvStore(app.quorra.db)).getSyncToken(), 's1_2_3');
  });
});
