// The plugin host at boot and at runtime: coded failures, isolation, dependencies, disposal, toggling.
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PluginState } from '../../../core/plugin/plugin-state.entity.ts';
import { fixtureEvents } from '../../fixtures/plugins/fixture-events.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/plugins', import.meta.url));

describe('plugin host', () => {
  let app: BootedApp;
  const status = (id: string) => app.quorra.plugins.status().find((p) => p.id === id);

  before(async () => {
    app = await bootApp({
      pluginRoots: [fixtures],
      config: {
        plugins: { 'bad-settings': { settings: { limit: 'ten' } }, echo: { settings: { greeting: 'hi' } } },
      },
    });
  });
  after(() => app.stop({ clean: true }));

  it('activates healthy plugins and mounts their routes under /plugins/<id>', async () => {
    assert.equal(status('echo')?.state, 'active');
    const res = await fetch(`${app.url}/plugins/echo/say`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'there' }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { said: 'hi there' });
  });

  it('gives a dependent the API its dependency returned', async () => {
    assert.equal(status('uses-echo')?.state, 'active');
    const res = await fetch(`${app.url}/plugins/uses-echo/shout`);
    assert.deepEqual(await res.json(), { text: 'HI' });
  });

  it('fails a plugin whose dependency is missing, with a coded reason', () => {
    assert.equal(status('needs-missing')?.state, 'failed');
    assert.equal(status('needs-missing')?.code, 'QUORRA_PLUGIN_MISSING_DEPENDENCY');
    assert.match(status('needs-missing')!.reason!, /not-installed/);
  });

  it('fails the second plugin that registers a taken tool name and undoes its other registrations', () => {
    assert.equal(status('dup-first')?.state, 'active');
    assert.equal(status('dup-second')?.state, 'failed');
    assert.equal(status('dup-second')?.code, 'QUORRA_DUPLICATE_TOOL');
    assert.equal(app.quorra.registries.tools.ownerOf('shared_tool'), 'dup-first');
    assert.equal(app.quorra.registries.tools.has('dup_second'), false);
  });

  it('marks a plugin whose activate throws as failed and disposes what it registered', () => {
    assert.equal(status('thrower')?.state, 'failed');
    assert.equal(status('thrower')?.code, 'QUORRA_PLUGIN_ACTIVATE_FAILED');
    assert.match(status('thrower')!.reason!, /frobnicator/);
    assert.equal(app.quorra.registries.tools.has('thrower_tool'), false);
  });

  it("refuses a plugin that adds to the turn commit's own hook, so no plugin writes in a turn's transaction", () => {
    assert.equal(status('turn-writer')?.state, 'failed');
    assert.equal(status('turn-writer')?.code, 'QUORRA_PLUGIN_ACTIVATE_FAILED');
    assert.match(status('turn-writer')!.reason!, /"turnRecords" is not a hook point a plugin can add to/);
    assert.equal(app.quorra.conversation.hooks.at('turnRecords').length, 1); // memory's, the turn's note
  });

  it('rejects invalid settings, dependency cycles and a folder/id mismatch with codes', () => {
    assert.equal(status('bad-settings')?.code, 'QUORRA_PLUGIN_INVALID_SETTINGS');
    assert.match(status('bad-settings')!.reason!, /settings\.limit/);
    assert.equal(status('cycle-a')?.code, 'QUORRA_PLUGIN_DEPENDENCY_CYCLE');
    assert.equal(status('cycle-b')?.code, 'QUORRA_PLUGIN_DEPENDENCY_CYCLE');
    assert.equal(status('wrong-id')?.code, 'QUORRA_PLUGIN_ID_MISMATCH');
  });

  it('shows every failed plugin in /health while the rest keeps serving', async () => {
    const res = await fetch(`${app.url}/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'degraded' });
    const health = (await app.quorra.health.report()) as any;
    assert.equal(health.status, 'degraded');
    assert.equal(health.checks.plugins.status, 'degraded');
    assert.equal(health.checks.plugins.plugins.thrower.state, 'failed');
    assert.equal(health.checks.plugins.plugins.echo.state, 'active');
    assert.equal(health.checks.db.status, 'ok');
  });

  it('stores enablement and refuses to disable a plugin another active plugin needs', async () => {
    const rows = await app.quorra.db.getRepository(PluginState).find();
    assert.ok(rows.some((r) => r.id === 'echo' && r.enabled));
    await assert.rejects(app.quorra.plugins.setEnabled('echo', false), {
      code: 'QUORRA_PLUGIN_HAS_DEPENDENTS',
    });
  });

  it('disables a plugin at runtime: routes gone, tools gone, disposables awaited, choice stored', async () => {
    fixtureEvents.length = 0;
    await app.quorra.plugins.setEnabled('uses-echo', false);
    assert.deepEqual(fixtureEvents, ['uses-echo disposed']);
    assert.equal((await fetch(`${app.url}/plugins/uses-echo/shout`)).status, 404);
    const row = await app.quorra.db.getRepository(PluginState).findOneByOrFail({ id: 'uses-echo' });
    assert.equal(row.enabled, false);
    await app.quorra.plugins.setEnabled('echo', false);
    assert.equal(app.quorra.registries.tools.has('echo_say'), false);
    assert.equal(
      app.quorra.scheduler.list().some((j) => j.name === 'echo.yearly'),
      false,
    );
    await app.quorra.plugins.setEnabled('echo', true);
    assert.equal(app.quorra.registries.tools.has('echo_say'), true);
    assert.equal(status('echo')?.state, 'active');
  });

  it('keeps a disabled plugin disabled across a restart', async () => {
    await app.stop();
    app = await bootApp({ dataDir: app.dataDir, pluginRoots: [fixtures] });
    assert.equal(status('uses-echo')?.state, 'disabled');
    assert.equal(status('echo')?.state, 'active');
  });

  it('awaits every plugin disposable on shutdown', async () => {
    fixtureEvents.length = 0;
    await app.stop();
    assert.deepEqual(fixtureEvents, ['echo disposed']);
    app = await bootApp({ dataDir: app.dataDir, pluginRoots: [path.join(fixtures, 'none')] });
  });
});
