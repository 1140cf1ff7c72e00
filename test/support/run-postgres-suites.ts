// The PostgreSQL run of `npm test`: starts a throwaway PostgreSQL 15, runs the database-facing suites against it
// (each test in its own schema), stops it. Where PostgreSQL cannot run, says why and skips.
import { spawnSync } from 'node:child_process';
import { postgresUnavailable, startPostgres } from './postgres-server.ts';
import { POSTGRES_ENV } from './test-database.ts';

/**
 * Every suite that opens a database (stores, memory, Dream, approvals, the app over HTTP, the command line, the
 * Matrix runtime, the plugins with tables): the same files the SQLite run has already passed. Suites that never
 * open one (the model client and downloads, the scheduler, tool audiences, the logger) are not repeated, nor are
 * the admin UI's Chromium suites: they drive the HTTP routes whose database side test/core/http runs here.
 */
const POSTGRES_SUITES = [
  'test/core/db/**/*.test.ts',
  'test/core/cli/**/*.test.ts',
  'test/core/backup/**/*.test.ts',
  'test/core/memory/**/*.test.ts',
  'test/core/dream/**/*.test.ts',
  'test/core/workspaces/**/*.test.ts',
  'test/core/engine/**/*.test.ts',
  'test/core/sessions/**/*.test.ts',
  'test/core/approvals/**/*.test.ts',
  'test/core/auth/**/*.test.ts',
  'test/core/admin/**/*.test.ts',
  'test/core/app.test.ts',
  'test/core/health/**/*.test.ts',
  'test/core/config/load-config.test.ts',
  'test/core/model/model-in-app.test.ts',
  'test/core/plugin/**/*.test.ts',
  'test/core/http/**/*.test.ts',
  'test/core/matrix/**/*.test.ts',
  'test/plugins/notepad/**/*.test.ts',
  'test/plugins/finance/**/*.test.ts',
  'test/plugins/calendar/**/*.test.ts',
  'test/plugins/concierge/**/*.test.ts',
  'test/plugins/knowledge/**/*.test.ts',
  'test/plugins/diagnostics/**/*.test.ts',
];
/** Suites about SQLite itself, with the reason they have no PostgreSQL counterpart. */
const SQLITE_ONLY: Record<string, string> = {
  'test/core/db/sqlite-durability.test.ts': "SQLite's commit syncing (PostgreSQL commits are always durable)",
  'test/core/memory/query-plan.test.ts': "reads SQLite's EXPLAIN QUERY PLAN",
  'test/core/memory/repeated-words.test.ts': "the repeated-words index is SQLite's (FTS5)",
  'test/core/memory/term-stats.test.ts': "reads the FTS5 index's own statistics",
  'test/core/approvals/approvals-migration.test.ts':
    'replays the SQLite table the notepad made before the queue moved into core (no PostgreSQL household had it)',
};

/** Test files given on the command line replace the list (a focused run while developing). */
const suites = process.argv.length > 2 ? process.argv.slice(2) : POSTGRES_SUITES;

const reason = postgresUnavailable();
if (reason) {
  process.stdout.write(`skipping the PostgreSQL run: ${reason}\n`);
  process.exit(0);
}
const server = await startPostgres();
let status = 1;
try {
  process.stdout.write(`PostgreSQL run: ${suites.join(' ')}\n`);
  const ignore = Object.keys(SQLITE_ONLY).flatMap((file) => ['--ignore', file]);
  const run = spawnSync('npx', ['mocha', ...ignore, ...suites], {
    stdio: 'inherit',
    env: { ...process.env, [POSTGRES_ENV]: server.url },
  });
  status = run.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
