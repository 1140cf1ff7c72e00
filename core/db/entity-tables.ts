// One declaration per table: a migration creates a table from its entity's metadata instead of restating it.
// Migrations stay explicit and ordered (a class per step); later steps add columns with addEntityColumns.
import { type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { TableUtils } from 'typeorm/schema-builder/util/TableUtils.js';

/**
 * Creates each entity's table (columns, indices, uniques) exactly as the entity declares it *today*, not as it was
 * when the migration was written: an old migration that calls it makes today's table. Hence an entity change needs
 * a later migration that brings older databases alike (addEntityColumns, …), and core's old migrations that use
 * this are pinned by test/core/db/migrated-schema.test.ts (a database migrated step by step equals a fresh one).
 */
export async function createEntityTables(q: QueryRunner, entities: Function[]): Promise<void> {
  for (const entity of entities) {
    const meta = q.connection.getMetadata(entity);
    await q.createTable(Table.create(meta, q.connection.driver), false, true, true);
  }
}

/**
 * Adds the named properties' columns to an existing table. A database created after the column joined the
 * entity already has it (createEntityTables made it), so present columns are skipped.
 */
export async function addEntityColumns(
  q: QueryRunner,
  entity: Function,
  properties: string[],
): Promise<void> {
  const meta = q.connection.getMetadata(entity);
  const table = await q.getTable(meta.tablePath);
  for (const property of properties) {
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${meta.name} has no property "${property}"`);
    if (table?.findColumnByName(column.databaseName)) continue;
    await q.addColumn(
      meta.tablePath,
      new TableColumn(TableUtils.createTableColumnOptions(column, q.connection.driver)),
    );
  }
}

/** Creates the entity's named indices that the table lacks (a newer database got them with the table). */
export async function addEntityIndices(q: QueryRunner, entity: Function, names: string[]): Promise<void> {
  const meta = q.connection.getMetadata(entity);
  const table = await q.getTable(meta.tablePath);
  for (const name of names) {
    const index = meta.indices.find((i) => i.name === name);
    if (!index) throw new Error(`${meta.name} declares no index "${name}"`);
    if (table?.indices.some((i) => i.name === name)) continue;
    await q.createIndex(meta.tablePath, TableIndex.create(index));
  }
}

/** Drops the entities' tables (a migration's down), last first. */
export async function dropEntityTables(q: QueryRunner, entities: Function[]): Promise<void> {
  for (const entity of [...entities].reverse())
    await q.dropTable(q.connection.getMetadata(entity).tablePath, true);
}

/**
 * Brings existing columns of a table in line with the entity (e.g. a column that became nullable); the driver
 * rebuilds the table where it must (SQLite), keeping every row.
 */
export async function alterEntityColumns(
  q: QueryRunner,
  entity: Function,
  properties: string[],
): Promise<void> {
  const meta = q.connection.getMetadata(entity);
  for (const property of properties) {
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${meta.name} has no property "${property}"`);
    await q.changeColumn(
      meta.tablePath,
      column.databaseName,
      new TableColumn(TableUtils.createTableColumnOptions(column, q.connection.driver)),
    );
  }
}
