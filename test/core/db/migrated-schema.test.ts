// The schema the migrations build (core and every bundled plugin) is exactly what the entities declare:
// TypeORM's schema builder, asked what it would change to match the entities, has nothing to do.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { loadPlugins, pluginRoots, pluginTables } from '../../../core/plugin/plugin-loader.ts';
import { coreEntities, coreMigrations } from '../../../core/schema/core-entities.ts';
import { tempDir } from '../../support/boot-app.ts';

describe('migrated schema', () => {
  let dir: string;
  let db: DataSource;
  before(async () => {
    dir = tempDir('quorra-schema-');
    const { plugins } = await loadPlugins(pluginRoots({ pluginPaths: [] }));
    const opened = await openDatabase({
      path: path.join(dir, 'quorra.db'),
      busyTimeoutMs: 5000,
      entities: coreEntities,
      migrations: coreMigrations,
      plugins: pluginTables(plugins),
    });
    assert.deepEqual(opened.pluginFailures, []);
    db = opened.db;
  });
  after(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('matches every entity: no column, default, index or unique differs', async () => {
    const { upQueries } = await db.driver.createSchemaBuilder().log();
    assert.deepEqual(
      upQueries.map((q) => q.query),
      [],
    );
  });

  it('keeps what entities cannot declare: the note counter row and the memories FTS5 index with its triggers', async () => {
    const names = (type: string) =>
      db
        .query('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name', [type])
        .then((rows: { name: string }[]) => rows.map((r) => r.name));
    assert.ok((await names('table')).includes('memories_fts'));
    assert.deepEqual(await names('trigger'), [
      'memories_fts_delete',
      'memories_fts_insert',
      'memories_fts_update',
    ]);
    assert.deepEqual(await db.query('SELECT id, last_seq FROM note_sequence'), [{ id: 1, last_seq: 0 }]);
  });
});
