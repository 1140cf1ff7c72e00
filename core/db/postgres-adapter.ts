// Lets Quorra's one set of entities, migrations and `?`-placeholder SQL run on PostgreSQL, decided in this one place.
import pg from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Column types the entities and migrations declare in SQLite's vocabulary, and what PostgreSQL calls them.
 * `datetime` holds UTC wall-clock time without a zone on both (SQLite stores the same text toDbTime writes);
 * SQLite's INTEGER and REAL are 64-bit (millisecond timestamps live in integer columns).
 */
const POSTGRES_TYPES: Record<string, string> = {
  integer: 'bigint',
  datetime: 'timestamp without time zone',
  blob: 'bytea',
  real: 'double precision',
};

const OID = { int8: 20, timestamp: 1114 };

let pgConfigured = false;

/**
 * Process-wide node-postgres settings (pg keeps them globally): Dates go out as UTC and `timestamp` values come
 * back as UTC Dates, so the stored wall-clock time never depends on the machine's time zone; counts come back as
 * numbers, as they do from SQLite.
 */
function configurePg(): void {
  if (pgConfigured) return;
  pgConfigured = true;
  pg.defaults.parseInputDatesAsUTC = true;
  pg.types.setTypeParser(OID.timestamp, (s: string) => new Date(`${s.replace(' ', 'T')}Z`));
  pg.types.setTypeParser(OID.int8, (s: string) => Number(s));
}

/**
 * Numbers `?` placeholders as `$1, $2…` outside quoted strings and identifiers. Quorra's SQL is written once
 * with `?`; TypeORM's own PostgreSQL statements already use `$n` and pass through untouched.
 */
export function numberPlaceholders(sql: string): string {
  if (!sql.includes('?') || /\$\d/.test(sql)) return sql;
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      n += 1;
      out += `$${n}`;
    } else out += ch;
  }
  return out;
}

/** Makes a PostgreSQL DataSource speak the dialect the code is written in; call before initialize(). */
export function adaptPostgres(db: DataSource): void {
  configurePg();
  const driver = db.driver as unknown as {
    normalizeType(column: { type?: unknown }): string;
    createFullType(column: { type: string }): string;
    createQueryRunner(mode: string): QueryRunner;
    supportedDataTypes: string[];
  };
  const normalizeType = driver.normalizeType.bind(driver);
  driver.normalizeType = (column) =>
    typeof column.type === 'string' && POSTGRES_TYPES[column.type]
      ? POSTGRES_TYPES[column.type]
      : normalizeType(column);
  const createFullType = driver.createFullType.bind(driver);
  // hand-written Table definitions reach the DDL without normalizeType
  driver.createFullType = (column) =>
    createFullType(
      Object.assign(Object.create(Object.getPrototypeOf(column)), column, {
        type: POSTGRES_TYPES[column.type] ?? column.type,
      }),
    );
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode);
    const query = runner.query.bind(runner) as (
      sql: string,
      params?: unknown[],
      structured?: boolean,
    ) => Promise<unknown>;
    runner.query = (async (sql: string, params?: unknown[], structured?: boolean) => {
      if (structured) return query(sql, params, true);
      // callers of query() get rows whatever the command (TypeORM alone returns [rows, count] for UPDATE/DELETE)
      const result = (await query(numberPlaceholders(sql), params, true)) as { records?: unknown[] };
      return result.records ?? [];
    }) as QueryRunner['query'];
    return runner;
  };
}
