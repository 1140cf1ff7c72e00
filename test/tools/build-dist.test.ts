// `npm start` runs the bundled build: dist/ is complete and the compiled server boots everything it boots from sources.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/boot-app.ts';
import { MatrixHomeserver } from '../support/matrix-homeserver/index.ts';
import { startServe } from '../support/serve-process.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = path.join(root, 'dist');
const main = path.join(dist, 'core/cli/main.js');
const pluginIds = readdirSync(path.join(root, 'plugins')).filter((id) =>
  existsSync(path.join(root, 'plugins', id, 'index.ts')),
);
/** Every migration file's timestamp, core's and each plugin's: the class names applied end with it. */
const migrationStamps = [
  path.join(root, 'migrations'),
  ...pluginIds.map((id) => path.join(root, 'plugins', id, 'migrations')),
]
  .filter(existsSync)
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }))
  .map((f) => /^(\d{13})-/.exec(path.basename(f))?.[1])
  .filter((s): s is string => !!s);

/**
 * A household's own plugin, as `pluginPaths` finds it: TypeScript, no node_modules, importing zod, TypeORM and
 * `quorra/plugin`; it refuses to load unless zod and TypeORM are the copies the build bundled for it.
 */
function householdPlugin(dir: string): void {
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');
  mkdirSync(path.join(dir, 'household'));
  writeFileSync(
    path.join(dir, 'household', 'index.ts'),
    `import { z } from 'zod';
import { DataSource } from 'typeorm';
import { definePlugin, defineTool } from 'quorra/plugin';
for (const name of ['zod', 'typeorm']) {
  if (!import.meta.resolve(name).endsWith(\`/dist/shared/\${name}.js\`)) throw new Error(\`\${name} is a second copy\`);
}
if (typeof DataSource !== 'function') throw new Error('typeorm has no DataSource');
export default definePlugin({
  id: 'household',
  activate(ctx) {
    ctx.tools.add(defineTool({ name: 'household_echo', description: 'echo', tier: 0, scopes: ['general'],
      input: z.object({ text: z.string() }), run: ({ text }) => text }));
  },
});
`,
  );
}

describe('compiled build (npm run build)', function () {
  // a bundling run and a Node process booting every plugin; a loaded machine needs minutes
  this.timeout(300_000);
  let dir: string;
  before(() => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tools/build-dist.ts')], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr);
    dir = tempDir('quorra-dist-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds an entry for the CLI, `quorra/plugin`, each plugin and the shared packages, and what they read', () => {
    for (const f of [
      'core/cli/main.js',
      'core/plugin/public-api.js',
      ...pluginIds.map((id) => `plugins/${id}/index.js`),
      'shared/zod.js',
      'shared/typeorm.js',
      'vendor/matrix-bot-sdk.cjs',
      'core/plugin/share-dependencies-hook.mjs',
      'prompts/tasks/dream-extraction-batch.md',
      'prompts/tasks/notepad-triage.md',
      'admin-ui/dist/index.html',
    ]) {
      assert.ok(existsSync(path.join(dist, f)), `dist/${f}`);
    }
    const pkg = JSON.parse(readFileSync(path.join(dist, 'package.json'), 'utf8'));
    assert.equal(pkg.exports['./plugin'], './core/plugin/public-api.js');
    assert.ok(existsSync(path.join(dist, pkg.exports['./plugin'])));
    // bundled: no source file is left to be resolved one by one, and nothing is TypeScript
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.[cm]?[jt]s$/.test(f),
    );
    assert.ok(!files.some((f) => f.endsWith('.ts')));
    assert.ok(files.length < 200, `${files.length} module files`);
  });

  it("carries TypeORM's SQLite and PostgreSQL drivers only, and says so of any other", async () => {
    const bundled = new Set<string>();
    for (const f of readdirSync(path.join(dist, 'chunks')))
      for (const m of readFileSync(path.join(dist, 'chunks', f), 'utf8').matchAll(
        /^\/\/ node_modules\/typeorm\/driver\/([a-z0-9-]+)\/(\w+)/gm,
      ))
        bundled.add(`${m[1]}/${m[2]}`);
    const folders = new Set([...bundled].map((d) => d.split('/')[0]));
    for (const kept of ['better-sqlite3', 'postgres', 'sqlite-abstract']) assert.ok(folders.has(kept), kept);
    for (const left of ['mysql', 'oracle', 'mongodb', 'cockroachdb', 'sap', 'spanner'])
      assert.ok(!folders.has(left), `${left} is bundled`);
    // SQL Server's parameter class is all that stays of it: TypeORM's migrations and query cache import it
    assert.deepEqual(
      [...bundled].filter((d) => d.startsWith('sqlserver/')),
      ['sqlserver/MssqlParameter'],
    );
    const { DataSource } = await import(path.join(dist, 'shared/typeorm.js'));
    assert.equal(
      new DataSource({ type: 'postgres', url: 'postgres://q@127.0.0.1:1/q' }).driver.constructor.name,
      'PostgresDriver',
    );
    assert.throws(() => new DataSource({ type: 'mysql' }), /SQLite or PostgreSQL only/);
  });

  it('keeps what an idle server never uses out of the start: no static import from the CLI or a plugin reaches it', () => {
    // the modules a start links, following static imports only (a dynamic import() is its own chunk, loaded on use)
    const staticImport = /(?:^|[;\n}])\s*import\s*(?:[^'";]*?from\s*)?["']([^"']+)["']/g;
    const linked = new Set<string>();
    const packages = new Set<string>();
    const stack = [main, ...pluginIds.map((id) => path.join(dist, 'plugins', id, 'index.js'))];
    while (stack.length) {
      const file = stack.pop()!;
      if (linked.has(file)) continue;
      linked.add(file);
      const text = readFileSync(file, 'utf8');
      // what esbuild bundled into the file says where it came from: `// node_modules/<package>/…`
      for (const m of text.matchAll(/^\/\/ node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm)) packages.add(m[1]);
      for (const m of text.matchAll(staticImport)) {
        if (m[1].startsWith('.')) stack.push(path.resolve(path.dirname(file), m[1]));
        // the SDK's error classes alone (a few kB: a failed probe classifies as the SDK's), not the SDK
        else if (!m[1].startsWith('node:') && m[1] !== 'openai/error')
          packages.add(
            m[1]
              .split('/')
              .slice(0, m[1].startsWith('@') ? 2 : 1)
              .join('/'),
          );
      }
    }
    assert.ok(packages.has('typeorm') && packages.has('zod'), [...packages].join());
    for (const lazy of [
      '@modelcontextprotocol/sdk',
      'openai',
      'pg',
      '@qdrant/js-client-rest',
      'tsdav',
      'csv-parse',
      'yaml',
      'usearch',
    ])
      assert.ok(!packages.has(lazy), `${lazy} is linked at start (${[...linked].length} modules)`);
  });

  it('boots every plugin, a household plugin, every migration and Matrix with E2EE, serves /health and the admin UI, stops on SIGTERM', async () => {
    const plugins = path.join(dir, 'own-plugins');
    mkdirSync(plugins);
    householdPlugin(plugins);
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(path.join(dir, 'config/quorra.yaml'), `pluginPaths:\n  - ${JSON.stringify(plugins)}\n`);
    const hs = await MatrixHomeserver.start();
    const bot = hs.registerUser('quorra', { displayName: 'Quorra' });
    const { child, listening, log } = startServe(main, dir, {
      MATRIX_HOMESERVER_URL: hs.url,
      MATRIX_ACCESS_TOKEN: bot.accessToken,
    });
    try {
      const url = await listening;
      assert.equal((await fetch(`${url}/health`)).status, 200);
      const admin = await fetch(`${url}/admin/`);
      assert.equal(admin.status, 200);
      assert.match(await admin.text(), /<html/i);
      assert.doesNotMatch(log(), /QUORRA_PLUGIN_/, 'every plugin loaded from dist/');
      for (const id of [...pluginIds, 'household']) assert.match(log(), new RegExp(`plugin ${id} active`));
      const applied = /"migrations":\[([^\]]*)\]/.exec(log())?.[1] ?? '';
      for (const stamp of migrationStamps) assert.match(applied, new RegExp(`[A-Za-z]${stamp}"`), stamp);
      // the bundled matrix-bot-sdk connects, with the crypto WASM: the first sync is in and E2EE is on
      const deadline = Date.now() + 120_000;
      while (!/Matrix runtime started/.test(log())) {
        assert.ok(Date.now() < deadline, `Matrix did not connect: ${log().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.match(log(), /E2EE enabled/);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      child.kill('SIGKILL');
      await hs.close();
    }
  });
});
