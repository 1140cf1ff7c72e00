// /health (public liveness), /health/details (owner) and /metrics (owner, metrics token, or its own listener).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { type BootedApp, bootApp, metricsHeaders } from '../../support/boot-app.ts';
import { addUser, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const METRICS_TOKEN = 'prometheus-scrape-token-0123';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('system routes', () => {
  let app: BootedApp;
  let model: ScriptedModelServer;
  let owner: TestUser;
  let member: TestUser;
  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, config: { server: { metrics: { token: METRICS_TOKEN } } } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('tells a stranger only ok or degraded on /health', async () => {
    const res = await fetch(`${app.url}/health`);
    assert.equal(res.status, 200);
    // degraded only because no diagnostics agent runs in this test (details below say so, to the owner)
    assert.deepEqual(await res.json(), { status: 'degraded' });
  });

  it('reports db, model, matrix, plugins and jobs in /health/details, to the owner only', async () => {
    assert.equal((await fetch(`${app.url}/health/details`)).status, 401);
    assert.equal((await fetch(`${app.url}/health/details`, { headers: member.headers })).status, 403);
    const res = await fetch(`${app.url}/health/details`, { headers: owner.headers });
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
    // every job core and the bundled plugins schedule says what it does in words, for the Overview
    const jobs = h.checks.scheduler.jobs as { name: string; about?: string }[];
    assert.ok(jobs.length >= 6, jobs.map((j) => j.name).join());
    assert.deepEqual(
      jobs.filter((j) => !j.about).map((j) => j.name),
      [],
    );
    assert.equal(
      jobs.find((j) => j.name === 'memory.nightly')?.about,
      'Puts away memories past their date and clears out the old archive',
    );
    assert.match(h.version, /^\d+\.\d+\.\d+/);
  });

  it('says degraded publicly, and the model reason to the owner, when the endpoint does not answer', async () => {
    const other = await bootApp();
    try {
      const o = await addUser(other, 'Olivia');
      assert.deepEqual(await (await fetch(`${other.url}/health`)).json(), { status: 'degraded' });
      const h = (await (await fetch(`${other.url}/health/details`, { headers: o.headers })).json()) as any;
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
      assert.deepEqual(await res.json(), { status: 'failed' });
    } finally {
      await other.quorra.stop().catch(() => undefined);
    }
  });

  it('serves /metrics to the metrics token only, never to a stranger or a household token', async () => {
    assert.equal((await fetch(`${app.url}/metrics`)).status, 401);
    assert.equal(
      (await fetch(`${app.url}/metrics`, { headers: bearer('wrong-token-0123456789') })).status,
      401,
    );
    assert.equal((await fetch(`${app.url}/metrics`, { headers: member.headers })).status, 401);
    assert.equal((await fetch(`${app.url}/metrics`, { headers: owner.headers })).status, 401);
    await fetch(`${app.url}/health`);
    await fetch(`${app.url}/nope`);
    const res = await fetch(`${app.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
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

  it('serves /metrics on a listener of its own when server.metrics.port is set', async () => {
    const other = await bootApp({ config: { server: { metrics: { port: 0, host: '127.0.0.1' } } } });
    try {
      const own = other.quorra.metricsServer();
      assert.ok(own);
      assert.notEqual(own.port, new URL(other.url).port);
      assert.equal((await fetch(`${own.url}/metrics`)).status, 401, 'a configured token holds there too');
      const res = await fetch(`${own.url}/metrics`, { headers: metricsHeaders });
      assert.equal(res.status, 200);
      assert.match(await res.text(), /quorra_build_info/);
      assert.equal((await fetch(`${own.url}/health`)).status, 404, 'only /metrics lives there');
      assert.equal((await fetch(`${other.url}/metrics`)).status, 401, 'the API port still wants a token');
    } finally {
      await other.stop({ clean: true });
    }
  });

  it("parses under promtool check metrics, and Quorra's own metrics pass its lint", async () => {
    const text = await (await fetch(`${app.url}/metrics`, { headers: bearer(METRICS_TOKEN) })).text();
    const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    assert.equal(run.error, undefined, 'promtool must be installed (test/support/setup-system.sh)');
    const problems = `${run.stdout}${run.stderr}`.split('\n').filter(Boolean);
    assert.ok(!problems.some((l) => /error while linting|parse/i.test(l)), problems.join('\n'));
    // prom-client's own nodejs_active_*_total gauges break a naming lint; ours must not
    const ours = problems.filter((l) => !/^nodejs_active_(handles|requests|resources)_total /.test(l));
    assert.deepEqual(ours, []);
  });
});
