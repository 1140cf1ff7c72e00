// /health and /metrics: what they report, and that /metrics is valid Prometheus text (promtool).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('system routes', () => {
  let app: BootedApp;
  let model: ScriptedModelServer;
  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('reports db, model, matrix, plugins and jobs in /health', async () => {
    const res = await fetch(`${app.url}/health`);
    assert.equal(res.status, 200);
    const h = (await res.json()) as any;
    // no diagnostics agent runs here (it is its own process), so that one check, and only it, is degraded
    assert.equal(h.status, 'degraded');
    assert.deepEqual(
      Object.entries(h.checks)
        .filter(([, c]: [string, any]) => c.status !== 'ok' && c.status !== 'disabled')
        .map(([name]) => name),
      ['diagnostics'],
    );
    assert.equal(h.checks.db.status, 'ok');
    assert.ok(h.checks.db.diskFreeBytes > 0);
    assert.equal(h.checks.model.status, 'ok');
    assert.equal(h.checks.matrix.status, 'disabled');
    assert.equal(h.checks.plugins.plugins.diagnostics.state, 'active');
    assert.ok(h.checks.scheduler.jobs.some((j: any) => j.name === 'diagnostics.heartbeat' && j.nextRunAt));
    assert.match(h.version, /^\d+\.\d+\.\d+/);
  });

  it('says the model is degraded, with the reason, when the endpoint does not answer', async () => {
    const other = await bootApp();
    try {
      const h = (await (await fetch(`${other.url}/health`)).json()) as any;
      assert.equal(h.status, 'degraded');
      assert.equal(h.checks.model.status, 'degraded');
      assert.match(h.checks.model.reason, /does not answer/);
    } finally {
      await other.stop({ clean: true });
    }
  });

  it('answers 503 failed when the database is gone', async () => {
    const other = await bootApp();
    try {
      await other.quorra.db.destroy();
      const res = await fetch(`${other.url}/health`);
      assert.equal(res.status, 503);
      assert.equal(((await res.json()) as any).checks.db.status, 'failed');
    } finally {
      await other.quorra.stop().catch(() => undefined);
    }
  });

  it('exposes build info, process metrics and the request histogram by route and status', async () => {
    await fetch(`${app.url}/health`);
    await fetch(`${app.url}/nope`);
    const res = await fetch(`${app.url}/metrics`);
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(text, /quorra_build_info\{version="[^"]+",commit="[^"]+"\} 1/);
    assert.match(text, /process_cpu_user_seconds_total/);
    assert.match(
      text,
      /quorra_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/,
    );
    assert.match(
      text,
      /quorra_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+/,
    );
  });

  it("parses under promtool check metrics, and Quorra's own metrics pass its lint", async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    assert.equal(run.error, undefined, 'promtool must be installed (test/support/setup-system.sh)');
    const problems = `${run.stdout}${run.stderr}`.split('\n').filter(Boolean);
    assert.ok(!problems.some((l) => /error while linting|parse/i.test(l)), problems.join('\n'));
    // prom-client's own nodejs_active_*_total gauges break a naming lint; ours must not
    const ours = problems.filter((l) => !/^nodejs_active_(handles|requests|resources)_total /.test(l));
    assert.deepEqual(ours, []);
  });
});
