// Test support: where a test's database lives. SQLite in the test's temp dir by default; when the PostgreSQL run
// sets QUORRA_TEST_POSTGRES_URL, a fresh schema of that cluster instead, so every test still starts empty.
import pg from 'pg';

/** Set by test/support/run-postgres-suites.ts to the cluster's maintenance database. */
export const POSTGRES_ENV = 'QUORRA_TEST_POSTGRES_URL';

let admin: pg.Client | undefined;
let counter = 0;

/** True while the suites run against PostgreSQL. */
export function onPostgres(): boolean {
  return Boolean(process.env[POSTGRES_ENV]);
}

/**
 * A `postgres://` URL whose connections see only a new, empty schema (through search_path), or undefined when
 * the suites run on SQLite. Schemas rather than databases: creating one costs a catalog row, not a copied template.
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const base = process.env[POSTGRES_ENV];
  if (!base) return undefined;
  if (!admin) {
    admin = new pg.Client({ connectionString: base });
    admin.on('error', () => undefined); // the cluster stops when the run ends, under this idle connection
    await admin.connect();
  }
  counter += 1;
  const schema = `t${process.pid}_${counter}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.pathname = '/postgres';
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Empties the schema a `testDatabaseUrl()` URL points at, as deleting a SQLite file would (a restore's empty target). */
export async function wipeTestDatabase(url: string): Promise<void> {
  const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
  if (!admin || !schema) throw new Error(`not a test database URL: ${url}`);
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
}
