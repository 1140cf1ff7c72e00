// Backups on PostgreSQL that have no SQLite counterpart: an occupied database refused even with an empty data dir,
// and a household moved between dialects through a backup (PostgreSQL → SQLite → PostgreSQL), search included.
// It needs a PostgreSQL server, so only the PostgreSQL pass of `npm test` runs it.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createBackup } from '../../../core/backup/create-backup.ts';
import { restoreBackup } from '../../../core/backup/restore-backup.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import type { QuorraConfig } from '../../../core/config/schema.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { openCliDatabase } from '../../../core/schema/household-database.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { onPostgres, testDatabaseUrl } from '../../support/test-database.ts';

const configFor = (dataDir: string, url?: string): QuorraConfig =>
  loadConfig({
    env: {},
    cwd: dataDir,
    overrides: { dataDir, backup: { enabled: false }, ...(url ? { database: { url } } : {}) },
  });

/** What `owner` finds searching for `text` in the database `config` names. */
async function recall(config: QuorraConfig, owner: TestUser, text: string): Promise<string[]> {
  const { db } = await openCliDatabase(config);
  try {
    const found = await new MemoryStore(db).recall({ userId: owner.id, workspace: null }, { text });
    return found.map((m) => m.memory.content);
  } finally {
    await db.destroy();
  }
}

describe('backups on PostgreSQL', function () {
  this.timeout(60_000);
  let root: string;
  let app: BootedApp | undefined;
  let owner: TestUser;

  before(() => {
    if (!onPostgres())
      throw new Error(
        'needs PostgreSQL: npm run test:postgres -- test/core/backup/backup-across-dialects.postgres.test.ts',
      );
  });
  beforeEach(async () => {
    root = tempDir('quorra-backup-pg-');
    app = await bootApp({ dataDir: path.join(root, 'pg'), config: { backup: { enabled: false } } });
    owner = await addUser(app, 'Olivia', 'owner');
    for (const content of ['The boiler is serviced every October', 'Mia’s piano lesson moved to Thursday']) {
      const r = await call(app, owner, 'POST', '/memory', { content, tags: ['house'] });
      assert.equal(r.status, 201);
    }
  });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a database that holds rows even when the data dir is empty, without naming the password', async () => {
    const { file } = await createBackup(app!.quorra.config, { dest: path.join(root, 'b.tar.gz') });
    const url = new URL(app!.quorra.config.database.url!);
    url.password = 'hunter2-secret';
    await app!.stop();
    app = undefined;
    await assert.rejects(
      restoreBackup(configFor(path.join(root, 'empty'), url.toString()), file),
      (e: any) => {
        assert.equal(e.code, 'QUORRA_RESTORE_NOT_EMPTY');
        assert.match(e.message, /already holds \d+ rows/);
        assert.doesNotMatch(e.message, /hunter2/);
        return true;
      },
    );
  });

  it('moves a household PostgreSQL → SQLite → PostgreSQL through backups, search included', async () => {
    const { file, manifest } = await createBackup(app!.quorra.config, { dest: path.join(root, 'pg.tar.gz') });
    assert.equal(manifest.database, 'postgres');
    await app!.stop();
    app = undefined;

    const sqlite = configFor(path.join(root, 'sqlite'));
    await restoreBackup(sqlite, file);
    assert.deepEqual(await recall(sqlite, owner, 'boiler'), ['The boiler is serviced every October']);

    const { file: back, manifest: again } = await createBackup(sqlite, {
      dest: path.join(root, 'sq.tar.gz'),
    });
    assert.equal(again.database, 'sqlite');
    const pg = configFor(path.join(root, 'pg-again'), await testDatabaseUrl());
    await restoreBackup(pg, back);
    assert.deepEqual(await recall(pg, owner, 'piano'), ['Mia’s piano lesson moved to Thursday']);
    app = await bootApp({
      dataDir: path.join(root, 'pg-again'),
      config: { database: { url: pg.database.url }, backup: { enabled: false } },
    });
    const memories = await call(app, owner, 'GET', '/memory');
    assert.equal(memories.status, 200, 'the owner’s token came along');
    const added = await call(app, owner, 'POST', '/memory', { content: 'a new memory after the move' });
    assert.equal(added.status, 201, 'ids continue after the restored rows');
  });
});
