// The diagnostics plugin without its agent: the tool, command and route still report what Quorra sees itself.
import assert from 'node:assert/strict';
import { createLogger } from '../../../core/logger.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call } from '../../support/household.ts';

describe('diagnostics plugin', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp();
  });
  after(() => app.stop({ clean: true }));

  it('registers system_get_health as a tier-0 tool that reports db, disk, uptime and why the agent is missing', async () => {
    const tool = app.quorra.registries.tools.get('system_get_health');
    assert.ok(tool);
    assert.equal(tool.tier, 0);
    const out = (await tool.run({}, { logger: createLogger('silent') })) as any;
    assert.equal(out.database, 'ok');
    assert.ok(out.diskFreeBytes > 0);
    assert.ok(out.uptimeSeconds >= 0);
    assert.match(out.diagnostics.unavailable, /the diagnostics agent is not running/);
  });

  it('serves the same report at /plugins/diagnostics/health (owner only) and as a command', async () => {
    assert.equal((await fetch(`${app.url}/plugins/diagnostics/health`)).status, 401);
    const member = await addUser(app, 'Dana', 'member');
    assert.equal((await call(app, member, 'GET', '/plugins/diagnostics/health')).status, 403);
    const owner = await addUser(app, 'Olivia');
    const res = await call(app, owner, 'GET', '/plugins/diagnostics/health');
    assert.equal(res.json.database, 'ok');
    const cmd = app.quorra.registries.commands.get('health')!;
    assert.match(
      String(await cmd.run([], { userId: 'u', role: 'member' })),
      /^The diagnostics agent is not available: .*What Quorra sees itself: database ok, [\d.]+% of the disk free\.$/,
    );
  });

  it('schedules its heartbeat job and counts runs', async () => {
    assert.equal(await app.quorra.scheduler.run('diagnostics.heartbeat'), 'ok');
    assert.match(await app.quorra.metrics.registry.metrics(), /quorra_diagnostics_heartbeats_total 1/);
  });
});
