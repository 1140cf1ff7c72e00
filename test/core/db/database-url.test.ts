// DATABASE_URL: validated by the config, shown without its password, and redacted inside error messages.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../../core/config/load-config.ts';
import { logError } from '../../../core/logger.ts';
import { describeDatabaseUrl, redactDatabaseUrls } from '../../../core/text/database-url.ts';
import { tempDir } from '../../support/boot-app.ts';

describe('database URL', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('quorra-dburl-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('DATABASE_URL sets database.url; anything but a postgres URL with a database is refused', () => {
    const url = 'postgres://quorra:s3cret@db.internal:5432/quorra';
    assert.equal(loadConfig({ cwd: dir, env: { DATABASE_URL: url } }).database.url, url);
    for (const bad of ['mysql://db/quorra', 'postgres://quorra:s3cret@db', 'not a url']) {
      assert.throws(
        () => loadConfig({ cwd: dir, env: { DATABASE_URL: bad } }),
        (e: unknown) =>
          e instanceof ConfigError &&
          /database\.url \(DATABASE_URL\): expected a postgres:\/\//.test(e.message) &&
          !e.message.includes('s3cret'),
        bad,
      );
    }
  });

  it('names the database without its password, and strips passwords from driver errors and log lines', () => {
    const url = 'postgresql://quorra:s3cret@db.internal:5432/quorra?sslmode=require';
    assert.equal(describeDatabaseUrl(url), 'postgresql://quorra@db.internal:5432/quorra');
    const message = `connect failed for ${url}`;
    assert.equal(
      redactDatabaseUrls(message),
      'connect failed for postgresql://quorra:[redacted]@db.internal:5432/quorra?sslmode=require',
    );
    const logged = logError(new Error(message)) as { message: string };
    assert.ok(!logged.message.includes('s3cret'));
  });
});
