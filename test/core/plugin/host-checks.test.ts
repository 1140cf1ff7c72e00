// The host's boot checks, each with its code: unknown tool scope, settings for no plugin, failing migration,
// entity without a table, duplicate ids, and a plugin outside the repository using Quorra's dependencies.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableNames } from '../../../core/db/dialect.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';

const checks = fileURLToPath(new URL('../../fixtures/host-check-plugins', import.meta.url));
const twins = fileURLToPath(new URL('../../fixtures/host-check-twins', import.meta.url));

describe('plugin host checks', () => {
  let app: BootedApp;
  const status = (id: string) => app.quorra.plugins.status().find((p) => p.id === id);

  before(async () => {
    app = await bootApp({ pluginRoots: [checks, twins] });
  });
  after(() => app.stop({ clean: true }));

  it('refuses a tool naming an unknown scope, listing the known ones', () => {
    assert.equal(status('bad-scope')?.code, 'QUORRA_TOOL_UNKNOWN_SCOPE');
    assert.match(status('bad-scope')!.reason!, /finanse.*known scopes: .*general/);
    assert.equal(app.quorra.registries.tools.has('bad_scope_tool'), false);
  });

  it('fails only the plugin whose migration throws: the server runs and the health details name it', async () => {
    assert.equal(status('bad-migration')?.code, 'QUORRA_PLUGIN_MIGRATION_FAILED');
    assert.deepEqual(await (await fetch(`${app.url}/health`)).json(), { status: 'degraded' });
    const health = (await app.quorra.health.report()) as any;
    assert.equal(health.checks.db.status, 'ok');
    assert.equal(health.checks.plugins.plugins['bad-migration'].state, 'failed');
    assert.match(health.checks.plugins.reason, /bad-migration/);
    const tables = await tableNames(app.quorra.db);
    assert.ok(tables.has('plugin_state'));
    assert.ok(!tables.has('bad_migration_rows'), 'the failed migration was rolled back');
  });

  it('fails a plugin with an entity no migration created, naming the table', () => {
    assert.equal(status('no-table')?.code, 'QUORRA_PLUGIN_ENTITY_NO_TABLE');
    assert.match(status('no-table')!.reason!, /no_table_rows/);
  });

  it('runs neither copy of a plugin id found in two folders, and names both', () => {
    assert.equal(status('twin')?.state, 'failed');
    assert.equal(status('twin')?.code, 'QUORRA_PLUGIN_DUPLICATE_ID');
    assert.ok(status('twin')!.reason!.includes(path.join(checks, 'twin')));
    assert.ok(status('twin')!.reason!.includes(path.join(twins, 'twin')));
  });

  it('refuses to boot with settings for a plugin that is not installed', async () => {
    await assert.rejects(
      bootApp({ pluginRoots: [twins], config: { plugins: { finanse: { settings: {} } } }, listen: false }),
      (err: any) =>
        err.code === 'QUORRA_PLUGIN_SETTINGS_UNKNOWN' && /"finanse".*installed: twin/.test(err.message),
    );
  });
});

describe('a plugin outside the repository', () => {
  let root: string;
  let app: BootedApp | undefined;
  before(() => {
    root = tempDir('quorra-outside-');
    // what a plugin folder of one's own has: ESM, no node_modules of its own
    writeFileSync(path.join(root, 'package.json'), '{"type": "module"}\n');
    mkdirSync(path.join(root, 'outside'));
    writeFileSync(
      path.join(root, 'outside', 'index.ts'),
      `import { z } from 'zod';
import { definePlugin, defineTool } from 'quorra/plugin';
export default definePlugin({
  id: 'outside',
  activate(ctx) {
    ctx.tools.add(defineTool({ name: 'outside_echo', description: 'echo', tier: 0, scopes: ['general'],
      input: z.object({ text: z.string() }), run: ({ text }) => text }));
  },
});
`,
    );
    mkdirSync(path.join(root, 'needy'));
    writeFileSync(
      path.join(root, 'needy', 'index.ts'),
      "import left from 'left-pad-that-nobody-has';\nexport default left;\n",
    );
  });
  after(async () => {
    await app?.stop({ clean: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('imports zod and quorra/plugin from Quorra, or fails naming the package it needs', async () => {
    app = await bootApp({ pluginRoots: [root], listen: false });
    const status = app.quorra.plugins.status();
    assert.equal(status.find((p) => p.id === 'outside')?.state, 'active');
    assert.equal(app.quorra.registries.tools.has('outside_echo'), true);
    const needy = status.find((p) => p.id === 'needy');
    assert.equal(needy?.code, 'QUORRA_PLUGIN_MISSING_MODULE');
    assert.match(needy!.reason!, /needs "left-pad-that-nobody-has"/);
  });
});
