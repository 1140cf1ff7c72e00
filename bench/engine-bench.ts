// Engine overhead per turn: a /chat turn against the instantly answering scripted model, minus a direct model call.
import { bootApp } from '../test/support/boot-app.ts';
import { addUser, chat } from '../test/support/household.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { percentile } from './support/hammer.ts';

const turns = Number(process.env.BENCH_TURNS ?? 300);
const model = await ScriptedModelServer.start();
model.always(() => true, { content: 'Instant reply.' });
const app = await bootApp({ model });
const owner = await addUser(app, 'Bench');

async function time(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const direct = () => app.quorra.model.chat({ messages: [{ role: 'user', content: 'hello' }] });
let sessionId: string | undefined;
const viaHttp = async () => {
  const r = await chat(app, owner, {
    message: 'hello',
    scope: ['general'],
    ...(sessionId ? { session_id: sessionId } : {}),
  });
  sessionId = r.json.session_id;
};
// Like the HTTP turns, engine turns continue one session of their own: the difference is then the HTTP layer
// alone, not a longer history on one side.
let engineSession: string | undefined;
const viaEngine = async () => {
  const r = await app.quorra.conversation.engine.handle({
    principal: { kind: 'user', userId: owner.id, role: 'owner', displayName: 'Bench' },
    message: 'hello',
    scope: ['general'],
    ...(engineSession ? { sessionId: engineSession } : {}),
  });
  engineSession = r.sessionId;
};

await time(direct, 30);
await time(viaEngine, 30);
await time(viaHttp, 30);
const base = await time(direct, turns);
const engine = await time(viaEngine, turns);
const http = await time(viaHttp, turns);
const p50 = (xs: number[]) => percentile(xs, 50);
console.log(
  `engine: direct model call        p50 ${p50(base).toFixed(2)} ms  p95 ${percentile(base, 95).toFixed(2)} ms`,
);
console.log(
  `engine: engine.handle turn (history) p50 ${p50(engine).toFixed(2)} ms  p95 ${percentile(engine, 95).toFixed(2)} ms`,
);
console.log(
  `engine: POST /chat turn (history) p50 ${p50(http).toFixed(2)} ms  p95 ${percentile(http, 95).toFixed(2)} ms`,
);
console.log(
  `engine: own overhead per turn = ${(p50(engine) - p50(base)).toFixed(2)} ms (engine ÷ direct = ${(p50(engine) / p50(base)).toFixed(2)}); via HTTP ${(p50(http) - p50(base)).toFixed(2)} ms (÷ direct = ${(p50(http) / p50(base)).toFixed(2)})`,
);
reportGoal({
  id: 'engine.overhead',
  value: p50(engine) - p50(base),
  unit: ' ms',
  target: 1.5,
  direction: 'max',
  baseline: 'direct model call, same run',
  note: `engine ÷ direct = ${(p50(engine) / p50(base)).toFixed(2)}x`,
});
reportGoal({
  id: 'http.chat',
  value: p50(http) - p50(engine),
  unit: ' ms',
  target: 0.5,
  direction: 'max',
  baseline: 'engine.handle turn, same run',
  note: `POST /chat ÷ engine.handle = ${(p50(http) / p50(engine)).toFixed(2)}x`,
});
await app.stop({ clean: true });
await model.close();
