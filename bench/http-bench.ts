// HTTP layer overhead: requests/second of GET /health against a bare Koa handler, in the same run.
import Koa from 'koa';
import { listen } from '../core/http/http-server.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { hammer } from './support/hammer.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const model = await ScriptedModelServer.start();
const app = await bootApp({ model });
const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const bareServer = await listen(bare, '127.0.0.1', 0);

await hammer(`${bareServer.url}/`, 1, 16); // warm-up
await hammer(`${app.url}/health`, 1, 16);
// alternating short rounds, so drift on a shared machine hits both sides alike
const rounds = Math.max(1, Math.round(seconds));
type Run = Awaited<ReturnType<typeof hammer>>;
const runs = { bare: [] as Run[], health: [] as Run[] };
for (let i = 0; i < rounds; i++) {
  runs.bare.push(await hammer(`${bareServer.url}/`, 1, 16));
  runs.health.push(await hammer(`${app.url}/health`, 1, 16));
}
const mean = (xs: { rps: number; p50: number }[]) => ({
  rps: xs.reduce((a, x) => a + x.rps, 0) / xs.length,
  p50: xs.reduce((a, x) => a + x.p50, 0) / xs.length,
});
const [baseline, health] = [mean(runs.bare), mean(runs.health)];
console.log(
  `http: bare Koa handler      ${baseline.rps.toFixed(0)} req/s (p50 ${baseline.p50.toFixed(2)} ms)`,
);
console.log(`http: GET /health           ${health.rps.toFixed(0)} req/s (p50 ${health.p50.toFixed(2)} ms)`);
console.log(
  `http: /health ÷ bare = ${(health.rps / baseline.rps).toFixed(2)} (throughput ratio; 1.00 = no overhead)`,
);

reportGoal({
  id: 'http.health',
  value: health.rps / baseline.rps,
  unit: 'x',
  target: 0.8,
  direction: 'min',
  baseline: `bare Koa handler, ${rounds} alternating 1 s rounds`,
});

await bareServer.close(1000);
await app.stop({ clean: true });
await model.close();
