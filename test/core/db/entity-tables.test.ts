// Tables made from their entity: the create step matches the entity, and a later add-column step is a no-op
// on databases that already have the column and adds it on those that do not.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Column, DataSource, Entity, Index, PrimaryColumn } from 'typeorm';
import { addEntityColumns, addEntityIndices, createEntityTables } from '../../../core/db/entity-tables.ts';
import { tempDir } from '../../support/boot-app.ts';

@Entity('kit_things')
@Index('uq_kit_things_name', ['name'], { unique: true })
@Index('idx_kit_things_added', ['addedLater'])
class Thing {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'integer', name: 'added_later', nullable: true })
  addedLater!: number | null;
}

describe('entity tables', () => {
  let dir: string;
  let db: DataSource;
  beforeEach(async () => {
    dir = tempDir('quorra-tables-');
    db = new DataSource({ type: 'better-sqlite3', database: path.join(dir, 'x.db'), entities: [Thing] });
    await db.initialize();
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const columns = async () =>
    ((await db.query("PRAGMA table_info('kit_things')")) as { name: string }[]).map((c) => c.name);

  const indices = async () =>
    (
      (await db.query(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'kit_things' AND sql IS NOT NULL ORDER BY name",
      )) as { name: string }[]
    ).map((i) => i.name);

  it('creates the table with every column and index the entity declares', async () => {
    const q = db.createQueryRunner();
    await createEntityTables(q, [Thing]);
    await addEntityColumns(q, Thing, ['addedLater']); // already there: nothing to do
    await addEntityIndices(q, Thing, ['idx_kit_things_added']); // likewise
    await q.release();
    assert.deepEqual(await indices(), ['idx_kit_things_added', 'uq_kit_things_name']);
    assert.deepEqual(await columns(), ['id', 'name', 'added_later']);
    await db.getRepository(Thing).insert({ id: 'a', name: 'same', addedLater: null });
    await assert.rejects(db.getRepository(Thing).insert({ id: 'b', name: 'same', addedLater: 1 }), /UNIQUE/);
  });

  it('adds a column an older database lacks', async () => {
    await db.query(
      'CREATE TABLE kit_things (id varchar(32) PRIMARY KEY NOT NULL, name varchar(64) NOT NULL)',
    );
    const q = db.createQueryRunner();
    await addEntityColumns(q, Thing, ['addedLater']);
    await addEntityIndices(q, Thing, ['idx_kit_things_added']);
    await q.release();
    assert.deepEqual(await columns(), ['id', 'name', 'added_later']);
    assert.deepEqual(await indices(), ['idx_kit_things_added']);
  });

  it('names a property or index the entity does not declare', async () => {
    const q = db.createQueryRunner();
    await createEntityTables(q, [Thing]);
    await assert.rejects(addEntityColumns(q, Thing, ['colour']), /Thing has no property "colour"/);
    await assert.rejects(addEntityIndices(q, Thing, ['idx_nope']), /Thing declares no index "idx_nope"/);
    await q.release();
  });
});
