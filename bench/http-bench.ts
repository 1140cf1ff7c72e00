// HTTP layer overhead: requests/second of GET /health against a bare Koa handler, in the same run.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import Koa from 'koa';
import { listen } from '../core/http/http-server.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { hammer, percentile } from './support/hammer.ts';

// the whole measurement, both sides
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const model = await ScriptedModelServer.start({ recordRequests: false });
const app = await bootApp({ model });
const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const bareServer = await listen(bare, '127.0.0.1', 0);
const urls = { bare: `${bareServer.url}/`, health: `${app.url}/health` };

// young-generation GC time, which a request kept alive past a scavenge multiplies (a per-request object literal
// with its own getter once made scavenges 10× longer here): printed per request beside the CPU
let scavengeMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
      scavengeMs += e.duration;
}).observe({ entryTypes: ['gc'] });

type Round = Awaited<ReturnType<typeof hammer>> & { cpuPerRequest: number; scavengePerRequest: number };
/** One round against one server; the client is in this process, so the CPU per request is client plus server. */
async function round(url: string, s: number): Promise<Round> {
  const cpu0 = process.cpuUsage();
  const gc0 = scavengeMs;
  const r = await hammer(url, s, 16);
  const cpu = process.cpuUsage(cpu0);
  const requests = r.rps * s;
  return {
    ...r,
    cpuPerRequest: (cpu.user + cpu.system) / requests,
    scavengePerRequest: ((scavengeMs - gc0) * 1000) / requests,
  };
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
  ` ${median(rs.map((r) => r.cpuPerRequest)).toFixed(0)} µs CPU per request, client included,` +
  ` ${median(rs.map((r) => r.scavengePerRequest)).toFixed(1)} µs of it young-generation GC)`;
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
