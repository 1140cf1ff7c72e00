// Hot-path statements on one entity's table without TypeORM's query builder: SQL written once per call site,
// values converted by the driver exactly as TypeORM converts them, statements prepared once on SQLite.
import type Database from 'better-sqlite3';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';
import { dialectOf } from './dialect.ts';
import { sqliteConnection } from './sqlite-connection.ts';

/** Rows as the database returns them (column names, stored forms). */
export type StoredRow = Record<string, unknown>;

/** One statement and its parameters (the shape `atomically` runs). */
export interface RowStatement {
  sql: string;
  params: unknown[];
}

// distinct statements per connection kept prepared; the oldest is dropped past this (as TypeORM's own cache)
const CACHE_SIZE = 200;
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A prepared statement of the connection, prepared once. */
export function preparedStatement(conn: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(conn);
  if (!cache) {
    cache = new Map();
    statements.set(conn, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = conn.prepare(sql);
    cache.set(sql, stmt);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return stmt;
}

/**
 * One entity's table for statements written by hand: column names and value conversions come from the entity's
 * metadata (never a second column list), rows come back as entities. A building a query costs TypeORM ≈ 0.1–0.4
 * ms of CPU per statement; a Matrix message runs a dozen.
 */
export class EntityRows<T extends ObjectLiteral> {
  readonly table: string;
  private readonly meta: EntityMetadata;
  private readonly byProperty = new Map<string, ColumnMetadata>();
  private readonly sqlite?: Database.Database;

  constructor(
    private readonly db: DataSource,
    target: EntityTarget<T>,
  ) {
    this.meta = db.getMetadata(target);
    this.table = this.meta.tableName;
    for (const c of this.meta.columns) this.byProperty.set(c.propertyName, c);
    if (dialectOf(db) === 'sqlite') this.sqlite = sqliteConnection(db);
  }

  private column(property: string): ColumnMetadata {
    const c = this.byProperty.get(property);
    if (!c) throw new Error(`${this.table} has no column for property ${property}`);
    return c;
  }

  /** The quoted column name of a property. */
  col(property: keyof T & string): string {
    return `"${this.column(property).databaseName}"`;
  }

  /** The quoted column names of properties, comma-separated. */
  cols(properties: readonly (keyof T & string)[]): string {
    return properties.map((p) => this.col(p)).join(', ');
  }

  /** The stored form of the given properties' values, in order (as TypeORM would write them). */
  values(entity: Partial<T>, properties: readonly (keyof T & string)[]): unknown[] {
    return properties.map((p) => {
      const v = this.db.driver.preparePersistentValue(entity[p], this.column(p));
      return v === undefined ? null : v;
    });
  }

  /** Every mapped property, in the entity's column order. */
  get properties(): (keyof T & string)[] {
    return this.meta.columns.map((c) => c.propertyName as keyof T & string);
  }

  /** INSERT of entities (the given properties, or every column), optionally returning one column. */
  insert(
    entities: Partial<T> | Partial<T>[],
    properties: readonly (keyof T & string)[] = this.properties,
    returning?: keyof T & string,
  ): RowStatement {
    const list = Array.isArray(entities) ? entities : [entities];
    const row = `(${properties.map(() => '?').join(', ')})`;
    return {
      sql: `INSERT INTO "${this.table}" (${this.cols(properties)}) VALUES ${list.map(() => row).join(', ')}${returning ? ` RETURNING ${this.col(returning)}` : ''}`,
      params: list.flatMap((e) => this.values(e, properties)),
    };
  }

  /** UPDATE of the given fields where every `where` property equals its value, optionally returning one column. */
  update(fields: Partial<T>, where: Partial<T>, returning?: keyof T & string): RowStatement {
    const set = Object.keys(fields) as (keyof T & string)[];
    const keys = Object.keys(where) as (keyof T & string)[];
    return {
      sql: `UPDATE "${this.table}" SET ${set.map((p) => `${this.col(p)} = ?`).join(', ')} WHERE ${keys.map((p) => `${this.col(p)} = ?`).join(' AND ')}${returning ? ` RETURNING ${this.col(returning)}` : ''}`,
      params: [...this.values(fields, set), ...this.values(where, keys)],
    };
  }

  /** An entity from a stored row (as TypeORM would read it). */
  hydrate(row: StoredRow): T {
    const entity = this.meta.create() as T;
    for (const c of this.meta.columns)
      if (c.databaseName in row)
        (entity as ObjectLiteral)[c.propertyName] = this.db.driver.prepareHydratedValue(
          row[c.databaseName],
          c,
        );
    return entity;
  }

  /**
   * Runs one statement on its own and returns its rows (a write returns rows only with RETURNING; several writes
   * that belong together go through `atomically`). On SQLite a prepared statement runs at once on Quorra's one
   * connection, as TypeORM's own statements do; on PostgreSQL through the DataSource.
   */
  async query({ sql, params }: RowStatement): Promise<StoredRow[]> {
    if (!this.sqlite) return this.db.query(sql, params);
    const stmt = preparedStatement(this.sqlite, sql);
    if (stmt.reader) return stmt.all(...params) as StoredRow[];
    stmt.run(...params);
    return [];
  }
}
