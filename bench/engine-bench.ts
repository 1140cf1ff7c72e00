// Engine overhead per turn: a /chat turn against the instantly answering scripted model, minus a direct model call.
import Koa from 'koa';
import { listen } from '../core/http/http-server.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { addUser } from '../test/support/household.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { jsonClient, percentile } from './support/hammer.ts';

const turns = Number(process.env.BENCH_TURNS ?? 300);
const model = await ScriptedModelServer.start({ recordRequests: false });
model.always(() => true, { content: 'Instant reply.' });
const app = await bootApp({ model });
const owner = await addUser(app, 'Bench');

/** CPU milliseconds per call of each measured function: on a loaded machine wall time mostly measures waiting. */
const cpuPerCall = new Map<string, number>();

/** Warm-up: runs fn n times, timing each. */
async function time(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Runs each function n times in short blocks, taking turns block by block (the order flipped every round), each
 * call timed on its own: load drift weighs on every one alike, and each block's first call, which runs on caches
 * the other functions' blocks left behind, is a warm-up not counted (turn-by-turn alternation made every HTTP
 * turn run the HTTP stack cold after an engine turn, while the engine's code stayed warm in both).
 */
async function alternate(
  fns: Record<string, () => Promise<unknown>>,
  n: number,
  block = 10,
): Promise<Record<string, number[]>> {
  const labels = Object.keys(fns);
  const out: Record<string, number[]> = Object.fromEntries(labels.map((k) => [k, []]));
  const cpuSum: Record<string, number> = {};
  for (let round = 0; out[labels[0]].length < n; round++)
    for (const label of round % 2 ? [...labels].reverse() : labels)
      for (let i = 0; i <= block; i++) {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        await fns[label]();
        const wall = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        if (i === 0 || out[label].length >= n) continue;
        out[label].push(wall);
        cpuSum[label] = (cpuSum[label] ?? 0) + cpu.user + cpu.system;
      }
  for (const label of labels) cpuPerCall.set(label, cpuSum[label] / 1000 / n);
  return out;
}

const direct = () => app.quorra.model.chat({ messages: [{ role: 'user', content: 'hello' }] });
/** Chat turns posted to a route, in one session of their own that grows turn by turn. */
function chatTurns(c: ReturnType<typeof jsonClient>, path: string): () => Promise<void> {
  let sessionId: string | undefined;
  return async () => {
    const r = await c.post(path, {
      message: 'hello',
      scope: ['general'],
      ...(sessionId ? { session_id: sessionId } : {}),
    });
    sessionId = r.json.session_id;
  };
}
// a lean keep-alive client: the route's overhead is the server's, not fetch's (see jsonClient)
const client = jsonClient(app.url, { authorization: `Bearer ${owner.token}` });
const viaHttp = chatTurns(client, '/chat');
const principal = { kind: 'user' as const, userId: owner.id, role: 'owner' as const, displayName: 'Bench' };
// a fresh session each turn: the engine's own cost, as the goal has always been measured
const viaEngine = () =>
  app.quorra.conversation.engine.handle({ principal, message: 'hello', scope: ['general'] });
// like the HTTP turns, one session of its own that grows: /chat minus this is the HTTP layer alone
let engineSession: string | undefined;
const viaEngineHistory = async () => {
  const r = await app.quorra.conversation.engine.handle({
    principal,
    message: 'hello',
    scope: ['general'],
    ...(engineSession ? { sessionId: engineSession } : {}),
  });
  engineSession = r.sessionId;
};

await time(direct, 30);
await time(viaEngine, 30);
await time(viaEngineHistory, 30);
await time(viaHttp, 30);
// the goal's pair takes turns in short blocks as well: measured as two long blocks, one after the other, a drift in
// the machine's speed between them (this shared machine's CPU time for the same turn varies by a third from one
// minute to the next) landed wholly on the difference
const { direct: base, engine } = await alternate({ direct, engine: viaEngine }, turns);
// the HTTP round trip itself, for scale: the same client and a reply of the same shape from a bare Koa handler
const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { reply: 'Instant reply.', session_id: '00000000-0000-4000-8000-000000000000' };
});
const bareServer = await listen(bare, '127.0.0.1', 0);
const bareClient = jsonClient(bareServer.url);
const viaBare = () => bareClient.post('/', { message: 'hello', scope: ['general'] });
await time(viaBare, 30);
// the floor under /chat: the least an HTTP route around the same engine turn can be (a bare Koa handler that parses
// the body and calls the engine; no router, no body check, no authentication), so /chat's overhead splits into what
// any such route costs and what Quorra's HTTP layer adds
const minimal = new Koa();
minimal.use(async (ctx) => {
  const text = await new Promise<string>((resolve, reject) => {
    let s = '';
    ctx.req.setEncoding('utf8');
    ctx.req.on('data', (c: string) => {
      s += c;
    });
    ctx.req.on('end', () => resolve(s));
    ctx.req.on('error', reject);
  });
  const b = JSON.parse(text);
  const r = await app.quorra.conversation.engine.handle({
    principal,
    message: b.message,
    scope: b.scope,
    ...(b.session_id ? { sessionId: b.session_id } : {}),
  });
  ctx.body = { reply: r.reply, session_id: r.sessionId };
});
const minimalServer = await listen(minimal, '127.0.0.1', 0);
const minimalClient = jsonClient(minimalServer.url);
const viaMinimal = chatTurns(minimalClient, '/');
await time(viaMinimal, 30);
// /chat and the engine turn it wraps take turns in short blocks, so the difference is not a drift in load between
// two long blocks
const {
  history: engineHistory,
  http,
  minimal: minimalRoute,
  bare: bareTrip,
} = await alternate({ history: viaEngineHistory, http: viaHttp, minimal: viaMinimal, bare: viaBare }, turns);
// the model double runs in this process, so its CPU is in both figures and cancels out of the difference
const cpu = (label: string) => cpuPerCall.get(label) ?? Number.NaN;
const cpuOverhead = cpu('engine') - cpu('direct');
const p50 = (xs: number[]) => percentile(xs, 50);
console.log(
  `engine: direct model call        p50 ${p50(base).toFixed(2)} ms  p95 ${percentile(base, 95).toFixed(2)} ms`,
);
console.log(
  `engine: engine.handle turn        p50 ${p50(engine).toFixed(2)} ms  p95 ${percentile(engine, 95).toFixed(2)} ms`,
);
console.log(
  `engine: engine.handle (history)  p50 ${p50(engineHistory).toFixed(2)} ms  p95 ${percentile(engineHistory, 95).toFixed(2)} ms`,
);
console.log(
  `engine: POST /chat turn (history) p50 ${p50(http).toFixed(2)} ms  p95 ${percentile(http, 95).toFixed(2)} ms`,
);
console.log(
  `engine: own overhead per turn = ${(p50(engine) - p50(base)).toFixed(2)} ms (engine ÷ direct = ${(p50(engine) / p50(base)).toFixed(2)}); via HTTP ${(p50(http) - p50(base)).toFixed(2)} ms (÷ direct = ${(p50(http) / p50(base)).toFixed(2)})`,
);
console.log(
  `engine: CPU per turn: direct ${cpu('direct').toFixed(2)} ms, engine.handle ${cpu('engine').toFixed(2)} ms,` +
    ` (history) ${cpu('history').toFixed(2)} ms, POST /chat ${cpu('http').toFixed(2)} ms;` +
    ` own CPU ${cpuOverhead.toFixed(2)} ms (engine ÷ direct = ${(cpu('engine') / cpu('direct')).toFixed(2)})`,
);
reportGoal({
  id: 'engine.overhead',
  value: p50(engine) - p50(base),
  unit: ' ms',
  target: 1.5,
  direction: 'max',
  baseline: 'direct model call, same run',
  note: `engine ÷ direct = ${(p50(engine) / p50(base)).toFixed(2)}x; CPU ${cpuOverhead.toFixed(2)} ms/turn (÷ direct = ${(cpu('engine') / cpu('direct')).toFixed(2)}x)`,
});
console.log(
  `engine: /chat over engine.handle p50 ${(p50(http) - p50(engineHistory)).toFixed(2)} ms, CPU ${(cpu('http') - cpu('history')).toFixed(2)} ms;` +
    ` of which the HTTP round trip to a bare Koa handler (same client, alternating) p50 ${p50(bareTrip).toFixed(2)} ms, CPU ${cpu('bare').toFixed(2)} ms`,
);
console.log(
  `engine: the floor, a minimal Koa route around the same engine turn (body parsed; no router, check or auth), over engine.handle p50 ${(p50(minimalRoute) - p50(engineHistory)).toFixed(2)} ms, CPU ${(cpu('minimal') - cpu('history')).toFixed(2)} ms;` +
    ` /chat over that floor p50 ${(p50(http) - p50(minimalRoute)).toFixed(2)} ms, CPU ${(cpu('http') - cpu('minimal')).toFixed(2)} ms`,
);
reportGoal({
  id: 'http.chat',
  value: p50(http) - p50(engineHistory),
  unit: ' ms',
  target: 0.5,
  direction: 'max',
  baseline: 'engine.handle turn with the same growing history, same run',
  note: `POST /chat ÷ engine.handle = ${(p50(http) / p50(engineHistory)).toFixed(2)}x; CPU ${(cpu('http') - cpu('history')).toFixed(2)} ms/turn; a bare Koa round trip ${p50(bareTrip).toFixed(2)} ms; the minimal route around the engine +${(p50(minimalRoute) - p50(engineHistory)).toFixed(2)} ms`,
});
client.close();
bareClient.close();
minimalClient.close();
await bareServer.close(1000);
await minimalServer.close(1000);
await app.stop({ clean: true });
await model.close();
