// The few SQL fragments that differ between SQLite and PostgreSQL, chosen by the DataSource's driver.
import type { DataSource, EntityManager } from 'typeorm';

export type Dialect = 'sqlite' | 'postgres';

/** Which SQL dialect a DataSource (or a transaction's EntityManager) speaks. */
export function dialectOf(db: DataSource | EntityManager): Dialect {
  const type = 'driver' in db ? db.driver.options.type : db.connection.driver.options.type;
  return type === 'postgres' ? 'postgres' : 'sqlite';
}

/** The names of the tables in Quorra's schema. */
export async function tableNames(db: DataSource): Promise<Set<string>> {
  const rows: { name: string }[] = await db.query(
    dialectOf(db) === 'postgres'
      ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
      : "SELECT name FROM sqlite_master WHERE type = 'table'",
  );
  return new Set(rows.map((r) => r.name));
}

/** A FROM item yielding a JSON array of integers held in a text column, one row per element, as `value`. */
export function jsonIntegers(db: DataSource | EntityManager, column: string): string {
  return dialectOf(db) === 'postgres'
    ? `(SELECT e::integer AS value FROM json_array_elements_text(${column}::json) e)`
    : `json_each(${column})`;
}

/** The length of a JSON array held in a text column. */
export function jsonArrayLength(db: DataSource | EntityManager, column: string): string {
  return dialectOf(db) === 'postgres' ? `json_array_length(${column}::json)` : `json_array_length(${column})`;
}

/**
 * `CROSS JOIN` on SQLite, where it pins the join order (the left side drives: look rows up by primary key),
 * `JOIN` on PostgreSQL, which plans the order itself and allows no ON after CROSS JOIN. Used as `a ${j} b ON …`.
 */
export function pinnedJoin(db: DataSource | EntityManager): string {
  return dialectOf(db) === 'postgres' ? 'JOIN' : 'CROSS JOIN';
}
