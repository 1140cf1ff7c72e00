// Config: defaults, YAML file, environment precedence, and every problem reported at once.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../core/config/load-config.ts';
import { tempDir } from '../../support/boot-app.ts';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('quorra-config-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the embedded defaults with no file and no environment', () => {
    const c = loadConfig({ env: {}, cwd: dir });
    assert.equal(c.server.host, '127.0.0.1');
    assert.equal(c.server.port, 8080);
    assert.equal(c.dataDir, './data');
    assert.equal(c.model.apiKey, 'not-needed');
    assert.equal(c.configFile, undefined);
  });

  it('reads config/quorra.yaml and lets the environment win over it', () => {
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(
      path.join(dir, 'config/quorra.yaml'),
      'server:\n  port: 9000\n  host: 0.0.0.0\nmodel:\n  chatModel: from-file\n',
    );
    const c = loadConfig({ env: { QUORRA_PORT: '9100', QUORRA_CHAT_MODEL: 'from-env' }, cwd: dir });
    assert.equal(c.server.port, 9100);
    assert.equal(c.server.host, '0.0.0.0');
    assert.equal(c.model.chatModel, 'from-env');
  });

  it('reads <NAME>_FILE as the value of NAME, and names a missing file', () => {
    writeFileSync(path.join(dir, 'token'), 'syt_from_file\n');
    const c = loadConfig({ cwd: dir, env: { MATRIX_ACCESS_TOKEN_FILE: path.join(dir, 'token') } });
    assert.equal(c.matrix.accessToken, 'syt_from_file');
    const direct = loadConfig({
      cwd: dir,
      env: { MATRIX_ACCESS_TOKEN: 'direct', MATRIX_ACCESS_TOKEN_FILE: path.join(dir, 'token') },
    });
    assert.equal(direct.matrix.accessToken, 'direct');
    assert.throws(
      () => loadConfig({ cwd: dir, env: { MATRIX_ACCESS_TOKEN_FILE: path.join(dir, 'absent') } }),
      (e: unknown) =>
        e instanceof ConfigError && /MATRIX_ACCESS_TOKEN_FILE: expected a readable file/.test(e.message),
    );
  });

  it('maps every documented environment variable', () => {
    const c = loadConfig({
      cwd: dir,
      env: {
        QUORRA_HOST: '::1',
        QUORRA_PORT: '1234',
        QUORRA_DATA_DIR: '/tmp/q',
        OPENAI_BASE_URL: 'http://localhost:1/v1',
        OPENAI_API_KEY: 'k',
        QUORRA_CHAT_MODEL: 'c',
        QUORRA_EMBEDDING_MODEL: 'e',
        MATRIX_HOMESERVER_URL: 'http://localhost:2',
        MATRIX_ACCESS_TOKEN: 't',
      },
    });
    assert.deepEqual(
      [
        c.server.host,
        c.server.port,
        c.dataDir,
        c.model.baseUrl,
        c.model.apiKey,
        c.model.chatModel,
        c.model.embeddingModel,
      ],
      ['::1', 1234, '/tmp/q', 'http://localhost:1/v1', 'k', 'c', 'e'],
    );
    assert.equal(c.matrix.homeserverUrl, 'http://localhost:2');
    assert.equal(c.matrix.accessToken, 't');
  });

  it('reads the file named by QUORRA_CONFIG and fails clearly when it is missing', () => {
    const file = path.join(dir, 'elsewhere.yaml');
    writeFileSync(file, 'dataDir: /srv/quorra\n');
    assert.equal(loadConfig({ env: { QUORRA_CONFIG: file }, cwd: dir }).dataDir, '/srv/quorra');
    assert.throws(
      () => loadConfig({ env: { QUORRA_CONFIG: path.join(dir, 'nope.yaml') }, cwd: dir }),
      (err: ConfigError) => {
        assert.equal(err.problems[0].key, 'QUORRA_CONFIG');
        return true;
      },
    );
  });

  it('lists every problem with key, expected and got', () => {
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(
      path.join(dir, 'config/quorra.yaml'),
      'server:\n  port: 99999\nbogus: 1\nlog:\n  level: loud\n',
    );
    try {
      loadConfig({ env: { OPENAI_BASE_URL: 'not a url' }, cwd: dir });
      assert.fail('expected a ConfigError');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      const byKey = Object.fromEntries(err.problems.map((p) => [p.key, p]));
      assert.equal(byKey['server.port'].got, '99999');
      assert.match(byKey['server.port'].expected, /at most 65535/);
      assert.match(byKey['model.baseUrl (OPENAI_BASE_URL)'].expected, /url/);
      assert.match(byKey['log.level'].expected, /one of/);
      assert.ok(byKey.bogus, 'unknown keys are reported');
      assert.equal(err.problems.length, 4);
      assert.doesNotMatch(err.message, /at .*\.ts:\d+/, 'no stack trace in the message');
    }
  });

  it('reports YAML that does not parse', () => {
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(path.join(dir, 'config/quorra.yaml'), 'server: [unclosed\n');
    assert.throws(
      () => loadConfig({ env: {}, cwd: dir }),
      (err: ConfigError) => err.problems[0].expected === 'valid YAML',
    );
  });
});

describe('users seeded from config', () => {
  it('marks a child from config, and keeps a child marked on the People page when config says nothing', async () => {
    const { bootApp } = await import('../../support/boot-app.ts');
    const family = [
      { id: 'olivia', name: 'Olivia', role: 'owner' },
      { id: 'mia', name: 'Mia', role: 'member', child: true, quietStart: '20:00', quietEnd: '07:00' },
      { id: 'leo', name: 'Leo', role: 'member' },
    ];
    const app = await bootApp({ config: { users: family } });
    const users = () => app.quorra.conversation.users;
    try {
      assert.equal((await users().get('mia'))?.child, true);
      assert.equal((await users().get('mia'))?.quietStart, '20:00');
      await users().edit('leo', { child: true });
      await app.stop();
      const again = await bootApp({ dataDir: app.dataDir, config: { users: family } });
      try {
        assert.equal((await again.quorra.conversation.users.get('leo'))?.child, true, 'config did not say');
        assert.equal((await again.quorra.conversation.users.get('mia'))?.child, true);
      } finally {
        await again.stop({ clean: true });
      }
    } finally {
      await app.quorra.stop();
    }
  });

  it('creates and then updates users listed in config, matched by id', async () => {
    const { bootApp } = await import('../../support/boot-app.ts');
    const app = await bootApp({
      config: { users: [{ id: 'olivia', name: 'Olivia', role: 'owner', matrix: ['@olivia:home.test'] }] },
    });
    try {
      const u = await app.quorra.conversation.users.get('olivia');
      assert.equal(u?.role, 'owner');
      await app.stop();
      const again = await bootApp({
        dataDir: app.dataDir,
        config: { users: [{ id: 'olivia', name: 'Olivia S.', role: 'owner', timezone: 'Europe/Berlin' }] },
      });
      const updated = await again.quorra.conversation.users.get('olivia');
      assert.equal(updated?.displayName, 'Olivia S.');
      assert.equal(updated?.timezone, 'Europe/Berlin');
      await again.stop({ clean: true });
    } finally {
      await app.quorra.stop();
    }
  });

  it('reports an invalid seeded user as a config problem', () => {
    assert.throws(
      () => loadConfig({ env: {}, overrides: { users: [{ name: 'Eve', role: 'admin' }] } }),
      (err: ConfigError) =>
        err.problems.some((p) => p.key === 'users.0.role' && /one of "owner", "member"/.test(p.expected)),
    );
  });
});
