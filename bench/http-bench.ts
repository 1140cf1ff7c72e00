// HTTP layer overhead: requests/second of GET /health against a bare Koa handler, in the same run.
import Koa from 'koa';
import { listen } from '../core/http/http-server.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { hammer, percentile } from './support/hammer.ts';

// the whole measurement, both sides
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const model = await ScriptedModelServer.start();
const app = await bootApp({ model });
const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const bareServer = await listen(bare, '127.0.0.1', 0);
const urls = { bare: `${bareServer.url}/`, health: `${app.url}/health` };

type Round = Awaited<ReturnType<typeof hammer>> & { cpuPerRequest: number };
/** One round against one server; the client is in this process, so the CPU per request is client plus server. */
async function round(url: string, s: number): Promise<Round> {
  const cpu0 = process.cpuUsage();
  const r = await hammer(url, s, 16);
  const cpu = process.cpuUsage(cpu0);
  return { ...r, cpuPerRequest: (cpu.user + cpu.system) / (r.rps * s) };
}

await round(urls.bare, 1); // warm-up
await round(urls.health, 1);
// short rounds in pairs, the order flipped every pair (ABBA), each pair's ratio kept: on a shared machine a burst
// of someone else's load hits a pair or two, and the median of the pairs' ratios does not follow it
const roundSeconds = 0.5;
const pairs = Math.max(4, Math.round(seconds / (2 * roundSeconds)));
const runs = { bare: [] as Round[], health: [] as Round[] };
for (let i = 0; i < pairs; i++) {
  const order = i % 2 ? (['health', 'bare'] as const) : (['bare', 'health'] as const);
  for (const side of order) runs[side].push(await round(urls[side], roundSeconds));
}
const ratios = runs.health.map((h, i) => h.rps / runs.bare[i].rps);
const cpuRatios = runs.health.map((h, i) => runs.bare[i].cpuPerRequest / h.cpuPerRequest);
const median = (xs: number[]) => percentile(xs, 50);
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const line = (label: string, rs: Round[]) =>
  `http: ${label} ${mean(rs.map((r) => r.rps)).toFixed(0)} req/s (p50 ${median(rs.map((r) => r.p50)).toFixed(2)} ms,` +
  ` ${median(rs.map((r) => r.cpuPerRequest)).toFixed(0)} µs CPU per request, client included)`;
console.log(line('bare Koa handler     ', runs.bare));
console.log(line('GET /health          ', runs.health));
console.log(
  `http: /health ÷ bare = ${median(ratios).toFixed(2)} (median of ${pairs} paired ${roundSeconds} s rounds;` +
    ` pairs ranged ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; by CPU per request` +
    ` ${median(cpuRatios).toFixed(2)}; 1.00 = no overhead)`,
);

reportGoal({
  id: 'http.health',
  value: median(ratios),
  unit: 'x',
  target: 0.8,
  direction: 'min',
  baseline: `bare Koa handler, median of ${pairs} paired ${roundSeconds} s rounds`,
  note: `by CPU per request ${median(cpuRatios).toFixed(2)}x`,
});

await bareServer.close(1000);
await app.stop({ clean: true });
await model.close();
