// The diagnostics plugin without its agent: the tool, command and route still report what Quorra sees itself.
import assert from 'node:assert/strict';
import type { UserPrincipal } from '../../../core/contracts/principal.ts';
import { persona } from '../../../core/engine/personas.ts';
import { offeredTools } from '../../../core/engine/tool-gate.ts';
import { createLogger } from '../../../core/logger.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call } from '../../support/household.ts';

const owner = { kind: 'user' as const, userId: 'o', role: 'owner' as const, displayName: 'Olivia' };
const member = { kind: 'user' as const, userId: 'm', role: 'member' as const, displayName: 'Max' };

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
    const out = (await tool.run({}, { logger: createLogger('silent'), principal: owner })) as any;
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
      String(await cmd.run([], { userId: 'u', role: 'owner' })),
      /^The diagnostics agent is not available: .*What Quorra sees itself: database ok, [\d.]+% of the disk free\.$/,
    );
  });

  it('tells a member the headline only: no paths, disk figures, findings text or remedies', async () => {
    const tool = app.quorra.registries.tools.get('system_get_health')!;
    const out = await tool.run({}, { logger: createLogger('silent'), principal: member });
    assert.deepEqual(out, {
      status: 'unknown',
      needsOwner: [],
      note: 'The household’s owner can see the details and what to do.',
    });
    const text = String(
      await app.quorra.registries.commands.get('health')!.run([], { userId: 'u', role: 'member' }),
    );
    assert.equal(text, 'Health: not checked yet. The household’s owner can see the details and what to do.');
    assert.doesNotMatch(text + JSON.stringify(out), new RegExp(app.dataDir.replace(/[/.]/g, '\\$&')));
  });

  it('never offers a member the backup pruning or the checks, in any scope', () => {
    const all = app.quorra.registries.tools.list();
    const names = (p: UserPrincipal) =>
      offeredTools(all, ['general', 'system'], persona('owner'), { principal: p, workspace: null }).map(
        (t) => t.name,
      );
    assert.ok(!names(member).includes('diagnostics_prune_backups'));
    assert.ok(!names(member).includes('diagnostics_run_check'));
    assert.ok(names(member).includes('system_get_health'));
    assert.ok(names(owner).includes('diagnostics_prune_backups'));
  });

  it('schedules its heartbeat job and counts runs', async () => {
    assert.equal(await app.quorra.scheduler.run('diagnostics.heartbeat'), 'ok');
    assert.match(await app.quorra.metrics.registry.metrics(), /quorra_diagnostics_heartbeats_total 1/);
  });
});
