// MCP benchmark: a tool call of server-everything (stdio) through Quorra's engine tool path over the same call made
// directly with the SDK client, alternating rounds in one process; the goal is the p50 ratio (≤ 1.2×).
import { randomUUID } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { principalOf } from '../core/auth/user-store.ts';
import { rootDir } from '../core/build-info.ts';
import type { McpApi } from '../plugins/mcp/index.ts';
import { bootApp, tempDir } from '../test/support/boot-app.ts';
import { addUser } from '../test/support/household.ts';
import { everythingEntry, everythingOverStdio } from '../test/support/mcp-everything.ts';
import { reportGoal } from './support/goals.ts';
import { percentile } from './support/hammer.ts';

const ROUNDS = Number(process.env.MCP_BENCH_ROUNDS ?? 20);
const PER_ROUND = 50;

const root = tempDir('quorra-mcp-bench-');
mkdirSync(root, { recursive: true });
symlinkSync(path.join(rootDir, 'plugins', 'mcp'), path.join(root, 'mcp'));
const app = await bootApp({
  pluginRoots: [root],
  config: { plugins: { mcp: { settings: { servers: [everythingOverStdio()] } } } },
});
if (!(await app.quorra.plugins.api<McpApi>('mcp')!.ready(30_000)))
  throw new Error('server-everything did not start');
const user = await addUser(app, 'Olivia', 'owner');
const principal = principalOf((await app.quorra.conversation.users.get(user.id))!);
const engine = app.quorra.conversation.engine;

// the baseline: the same server, started the same way, called with the SDK's client and nothing else
const direct = new Client({ name: 'bench', version: '1' });
await direct.connect(
  new StdioClientTransport({ command: process.execPath, args: [everythingEntry, 'stdio'], stderr: 'pipe' }),
);

const args = { message: 'the kettle is on' };
// a tool call inside a turn: the turn's offer is made once (by the engine, as every turn does), then the call runs
const { session } = await engine.resolveSession({ principal, message: 'echo', scope: ['home'] });
const offered = await engine.offeredFor(principal, session, 'echo');
async function viaQuorra(): Promise<void> {
  const out = await engine.deps.runner.run(
    { id: randomUUID(), name: 'ev_echo', arguments: JSON.stringify(args) },
    { offered, principal, sessionId: session.id, workspace: null },
  );
  if (out.kind !== 'result' || out.outcome !== 'ok')
    throw new Error(`Quorra's call failed: ${JSON.stringify(out)}`);
}
// what /mcp does per request: a session drafted and its offer made, then the same call (a diagnostic, not the goal)
async function viaQuorraWithOffer(): Promise<void> {
  const turn = await engine.resolveSession({ principal, message: 'echo', scope: ['home'] });
  const offer = await engine.offeredFor(principal, turn.session, 'echo');
  const out = await engine.deps.runner.run(
    { id: randomUUID(), name: 'ev_echo', arguments: JSON.stringify(args) },
    { offered: offer, principal, sessionId: turn.session.id, workspace: null },
  );
  if (out.kind !== 'result' || out.outcome !== 'ok') throw new Error('call with its offer failed');
}
async function viaSdk(): Promise<void> {
  const r = await direct.callTool({ name: 'echo', arguments: args });
  if (r.isError) throw new Error('direct call failed');
}

/** CPU of this process per series (µs): Quorra's layers run here, the servers in their own processes. */
const cpu = new Map<string, number>();
async function time(fn: () => Promise<void>, into: number[], label = ''): Promise<number[]> {
  const mine: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++) {
    const t0 = performance.now();
    await fn();
    mine.push(performance.now() - t0);
  }
  const c = process.cpuUsage(c0);
  if (label) cpu.set(label, (cpu.get(label) ?? 0) + c.user + c.system);
  into.push(...mine);
  return mine;
}

const quorra: number[] = [];
const sdk: number[] = [];
await time(viaQuorra, []); // warm-up: both paths' first calls compile and cache
await time(viaSdk, []);
// call by call, alternating which goes first: on a shared machine the load moves within a second, and a pair of
// neighbouring calls shares it; each round's ratio of medians, then the median over rounds
const roundRatios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const pair = (i + round) % 2 ? [viaSdk, viaQuorra] : [viaQuorra, viaSdk];
    for (const fn of pair) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await fn();
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      const label = fn === viaQuorra ? 'quorra' : 'sdk';
      cpu.set(label, (cpu.get(label) ?? 0) + c.user + c.system);
      (fn === viaQuorra ? a : b).push(ms);
    }
  }
  quorra.push(...a);
  sdk.push(...b);
  roundRatios.push(percentile(a, 50) / percentile(b, 50));
}
const withOffer: number[] = [];
for (let round = 0; round < Math.ceil(ROUNDS / 4); round++) await time(viaQuorraWithOffer, withOffer);
const p50 = (xs: number[]) => percentile(xs, 50);
console.log(
  `mcp: with a session drafted and its offer made per call (as /mcp does) p50 ${p50(withOffer).toFixed(3)} ms` +
    ` (${(p50(withOffer) / p50(sdk)).toFixed(2)}x the direct call)`,
);
const ratio = percentile(roundRatios, 50);
const cpuPerCall = (label: string) => (cpu.get(label) ?? 0) / 1000 / (ROUNDS * PER_ROUND);
console.log(
  `mcp: CPU in this process per call: SDK client alone ${cpuPerCall('sdk').toFixed(3)} ms, through Quorra ${cpuPerCall('quorra').toFixed(3)} ms` +
    ` (+${(cpuPerCall('quorra') - cpuPerCall('sdk')).toFixed(3)} ms); ratio of p50s over all calls ${(p50(quorra) / p50(sdk)).toFixed(2)}x`,
);
console.log(
  `mcp: ${quorra.length} calls each; direct SDK p50 ${p50(sdk).toFixed(3)} ms p95 ${percentile(sdk, 95).toFixed(3)} ms;` +
    ` through Quorra p50 ${p50(quorra).toFixed(3)} ms p95 ${percentile(quorra, 95).toFixed(3)} ms;` +
    ` overhead ${(p50(quorra) - p50(sdk)).toFixed(3)} ms per call`,
);
reportGoal({
  id: 'mcp.call',
  value: ratio,
  unit: 'x',
  target: 1.2,
  direction: 'max',
  baseline: 'the same server-everything called with the SDK client, same run',
  note: `median of ${ROUNDS} rounds' p50 ratios; +${(p50(quorra) - p50(sdk)).toFixed(3)} ms p50, +${(cpuPerCall('quorra') - cpuPerCall('sdk')).toFixed(3)} ms CPU per call (tier 0: no audit row)`,
});
await direct.close();
await app.stop({ clean: true });
