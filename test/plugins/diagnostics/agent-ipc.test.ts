// Quorra and the diagnostics agent over the Unix socket: summary, a check on demand, bad requests, alerts to the
// owner's outbox once with a recovery notice, and each process surviving the other being killed.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { rootDir } from '../../../core/build-info.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { createLogger } from '../../../core/logger.ts';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { DiagnosticsAgent } from '../../../plugins/diagnostics/agent/diagnostics-agent.ts';
import { diagnosticsSettings } from '../../../plugins/diagnostics/diagnostics-settings.ts';
import { finding, type Severity } from '../../../plugins/diagnostics/finding.ts';
import { agentSocketPath } from '../../../plugins/diagnostics/ipc/protocol.ts';
import type { Playbook } from '../../../plugins/diagnostics/playbooks/playbook.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { addUser, call, eventually, type TestUser } from '../../support/household.ts';

const bin = path.join(rootDir, 'core/cli/bin.js');

/** One request over the socket, as any client would send it. */
function ask(socketPath: string, line: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const c = createConnection(socketPath);
    let buf = '';
    c.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) {
        c.destroy();
        resolve(JSON.parse(buf.slice(0, buf.indexOf('\n'))));
      }
    });
    c.on('error', reject);
    c.write(`${line}\n`);
  });
}

/** Starts a real `quorra <command>` process on a data dir; resolves once `ready` appears in its output. */
function startProcess(
  command: string,
  dataDir: string,
  ready: RegExp,
  extra: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bin, command], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      QUORRA_DATA_DIR: dataDir,
      QUORRA_LOG_LEVEL: 'info',
      QUORRA_PORT: '0',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (ready.test(out)) resolve(child);
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => reject(new Error(`${command} exited ${code}: ${out}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((r) =>
    child.exitCode !== null || child.signalCode ? r() : child.once('exit', () => r()),
  );

describe('diagnostics agent and Quorra over the socket', function () {
  // the process tests boot real `quorra` processes, minutes apiece on a machine this loaded
  this.timeout(400_000);
  let app: BootedApp | undefined;
  let agent: DiagnosticsAgent | undefined;
  let owner: TestUser;
  let dataDir: string;
  let level: Severity;
  const switchable: Playbook = {
    name: 'switchable',
    run: async () =>
      finding(
        'switchable',
        level,
        level === 'ok' ? 'The test service is fine.' : 'The test service is down.',
        {
          remedy: level === 'ok' ? undefined : 'Start the test service again.',
        },
      ),
  };
  const alertsInOutbox = async () =>
    (await app!.quorra.db.getRepository(OutboxItem).find()).filter((o) => o.text.startsWith('Quorra health'));

  beforeEach(async () => {
    dataDir = tempDir('quorra-diag-');
    level = 'ok';
    app = await bootApp({ dataDir });
    owner = await addUser(app, 'Olivia', 'owner');
  });
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
    await app?.stop({ clean: true });
    app = undefined;
  });

  const startAgent = async () => {
    const config = loadConfig({ env: {}, cwd: dataDir, overrides: { dataDir } });
    agent = new DiagnosticsAgent({
      config,
      settings: diagnosticsSettings.parse({ intervalSeconds: 3600 }),
      logger: createLogger('silent'),
      playbooks: [switchable],
    });
    await agent.start();
  };
  const linkUp = () =>
    eventually(
      async () => (await call(app!, owner, 'GET', '/health/details')).json.checks.diagnostics.status === 'ok',
      30_000,
    );

  it('serves the summary to system_get_health and !quorra health, and runs a check on demand', async () => {
    await startAgent();
    await linkUp();
    const view = (await call(app!, owner, 'GET', '/plugins/diagnostics/health')).json;
    assert.equal(view.diagnostics.status, 'ok');
    assert.deepEqual(
      view.diagnostics.findings.map((f: any) => f.check),
      ['switchable'],
    );
    const cmd = app!.quorra.registries.commands.get('health')!;
    assert.match(
      String(await cmd.run([], { userId: owner.id, role: 'owner' })),
      /^Health: ok .*\nFine: switchable\./,
    );
    level = 'warning';
    const ran = await ask(agent!.socketPath, JSON.stringify({ id: 7, op: 'run', check: 'switchable' }));
    assert.deepEqual([ran.id, ran.ok, ran.finding.severity], [7, true, 'warning']);
    assert.match(
      String(await cmd.run([], { userId: owner.id, role: 'owner' })),
      /- switchable \(warning\): The test service is down\. What to do: Start the test service again\./,
    );
  });

  it('prunes old backups only through the tier-2 tool, and runs a check through the tier-0 one', async () => {
    const backups = path.join(dataDir, 'backups');
    mkdirSync(backups, { recursive: true });
    for (let day = 1; day <= 9; day++)
      writeFileSync(path.join(backups, `quorra-backup-2026-11-0${day}T02-00-00-000Z.tar.gz`), 'x');
    await startAgent();
    await linkUp();
    const prune = app!.quorra.registries.tools.get('diagnostics_prune_backups')!;
    assert.equal(prune.tier, 2);
    const out = (await prune.run({}, { logger: createLogger('silent') })) as any;
    assert.equal(out.removed, 2);
    assert.equal(readdirSync(backups).length, 7, 'backup.keep (7) are left');
    const check = app!.quorra.registries.tools.get('diagnostics_run_check')!;
    assert.equal(check.tier, 0);
    assert.equal(
      ((await check.run({ check: 'switchable' }, { logger: createLogger('silent') })) as any).severity,
      'ok',
    );
  });

  it('answers bad requests with an error and keeps serving', async () => {
    await startAgent();
    assert.deepEqual(await ask(agent!.socketPath, 'nope'), { id: null, ok: false, error: 'not JSON' });
    const unknown = await ask(agent!.socketPath, JSON.stringify({ id: 2, op: 'run', check: 'teapot' }));
    assert.equal(unknown.ok, false);
    assert.match(unknown.error, /no check named "teapot" \(known: switchable\)/);
    assert.equal((await ask(agent!.socketPath, JSON.stringify({ id: 3, op: 'explode' }))).ok, false);
    assert.equal(
      (await ask(agent!.socketPath, JSON.stringify({ id: 5, op: 'act', action: 'rm -rf' }))).ok,
      false,
    );
    assert.equal((await ask(agent!.socketPath, JSON.stringify({ id: 4, op: 'summary' }))).ok, true);
  });

  it('tells the owner once when a check goes bad, not again while it stays bad, and once when it recovers', async () => {
    await startAgent();
    await linkUp();
    level = 'critical';
    await agent!.runRound();
    await eventually(async () => (await alertsInOutbox()).length >= 1, 30_000);
    const [alert] = await alertsInOutbox();
    assert.equal(alert.userId, owner.id);
    assert.match(
      alert.text,
      /^Quorra health — needs attention now \(switchable\): The test service is down\. What to do: Start the test service again\.$/,
    );
    await agent!.runRound();
    await agent!.runRound();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await alertsInOutbox()).length, 1, 'no repeat while it stays critical');
    level = 'ok';
    await agent!.runRound();
    await eventually(async () => (await alertsInOutbox()).length >= 2, 30_000);
    assert.match(
      (await alertsInOutbox())[1].text,
      /^Quorra health — recovered \(switchable\): The test service is fine\.$/,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await alertsInOutbox()).length, 2, 'one recovery notice, not two');
  });

  it('keeps an alert raised while Quorra is away and delivers it once Quorra is back', async () => {
    await startAgent();
    await linkUp();
    await app!.stop();
    app = undefined;
    level = 'warning';
    await agent!.runRound();
    app = await bootApp({ dataDir });
    await eventually(async () => (await alertsInOutbox()).length === 1, 30_000);
    assert.match((await alertsInOutbox())[0].text, /warning \(switchable\)/);
  });

  it('killing the agent process leaves Quorra running with diagnostics degraded; a new agent is picked up', async () => {
    const agentProc = await startProcess('diagnostics', dataDir, /diagnostics agent listening/);
    try {
      await linkUp();
      agentProc.kill('SIGKILL');
      await killed(agentProc);
      await eventually(
        async () =>
          (await call(app!, owner, 'GET', '/health/details')).json.checks.diagnostics.status === 'degraded',
        30_000,
      );
      const health = await call(app!, owner, 'GET', '/health/details');
      assert.equal(health.status, 200);
      assert.notEqual(health.json.status, 'failed');
      assert.match(health.json.checks.diagnostics.reason, /the diagnostics agent is not running/);
      const cmd = app!.quorra.registries.commands.get('health')!;
      assert.match(
        String(await cmd.run([], { userId: owner.id, role: 'owner' })),
        /The diagnostics agent is not available/,
      );
    } finally {
      agentProc.kill('SIGKILL');
    }
    // the killed agent left its socket file behind: a new agent takes it over and Quorra reconnects by itself
    await startAgent();
    await linkUp();
  });

  it('killing the Quorra process leaves the agent running and answering', async () => {
    await app!.stop();
    app = undefined;
    const own = tempDir('quorra-diag-procs-');
    const agentProc = await startProcess('diagnostics', own, /diagnostics agent listening/);
    const main = await startProcess('serve', own, /listening on http/);
    try {
      const socket = agentSocketPath(own);
      main.kill('SIGKILL');
      await killed(main);
      const summary = await ask(socket, JSON.stringify({ id: 1, op: 'summary' }));
      assert.equal(summary.ok, true);
      assert.ok(summary.summary.findings.some((f: any) => f.check === 'disk'));
      assert.equal(agentProc.exitCode, null, 'the agent is still running');
    } finally {
      agentProc.kill('SIGTERM');
      await killed(agentProc);
    }
  });
});
