// Prefill done once: tokens the embedded model evaluates per turn (tiny GGUF), follow-ups, alternating people, new sessions.

import path from 'node:path';
import type { Principal } from '../core/contracts/principal.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { addUser, call } from '../test/support/household.ts';
import { writeTinyGguf } from '../test/support/tiny-gguf.ts';
import { tinyModelConfig, tinyModelDir } from '../test/support/tiny-model.ts';
import { reportGoal } from './support/goals.ts';

// the tiny model's vocabulary is bytes: a real prompt is a few thousand of them, so it gets a window that fits
const WINDOW = 16_384;
// two sequences: two people's conversations each keep theirs (the backend sends a turn back to its own)
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 2);
const models = tinyModelDir();
writeTinyGguf(path.join(models.dir, 'tiny.gguf'), { contextLength: WINDOW });
const app = await bootApp({
  listen: true,
  connectMatrix: false,
  config: {
    model: {
      ...tinyModelConfig(models.dir, { contextSize: WINDOW, parallel: PARALLEL }),
      backend: 'embedded',
    },
  },
});
const engine = app.quorra.conversation.engine;
const users = [await addUser(app, 'Olivia'), await addUser(app, 'Max', 'member')];
await call(app, users[0], 'POST', '/household/memory', {
  content: 'The bins go out on Wednesdays',
  importance: 'core',
});
await call(app, users[0], 'POST', '/memory', { content: 'Olivia is vegetarian', importance: 'core' });
await call(app, users[1], 'POST', '/memory', {
  content: 'Max plays the drums on Fridays',
  importance: 'core',
});
const principal = (i: number): Principal => ({
  kind: 'user',
  userId: users[i].id,
  role: i === 0 ? 'owner' : 'member',
  displayName: i === 0 ? 'Olivia' : 'Max',
});

/** The model's token counters: prompt tokens sent, of them reused from the sequence, and generated. */
async function counters(): Promise<{ prompt: number; cached: number; completion: number }> {
  const m = app.quorra.metrics.registry.getSingleMetric('quorra_model_tokens_total') as any;
  const values = (await m.get()).values as Array<{ labels: { type: string }; value: number }>;
  const of = (t: string) => values.find((v) => v.labels.type === t)?.value ?? 0;
  return { prompt: of('prompt'), cached: of('cached'), completion: of('completion') };
}

interface Turn {
  prompt: number;
  evaluated: number;
  completion: number;
  ms: number;
  sessionId: string;
}
async function turn(who: number, message: string, sessionId?: string): Promise<Turn> {
  const before = await counters();
  const t0 = performance.now();
  const r = await engine.handle({ principal: principal(who), message, scope: ['general'], sessionId });
  const ms = performance.now() - t0;
  const after = await counters();
  const prompt = after.prompt - before.prompt;
  return {
    prompt,
    evaluated: prompt - (after.cached - before.cached),
    completion: after.completion - before.completion,
    ms,
    sessionId: r.sessionId,
  };
}

/** The same turn with the model's sequences emptied first: every prompt token evaluated (the cold baseline). */
async function cold(who: number, message: string, sessionId?: string): Promise<Turn> {
  const rt = await (app.quorra.model.backend as any).runtime.chat();
  for (const s of rt.sequences) await s.clearHistory();
  return turn(who, message, sessionId);
}

// warm-up: the model loads, the shared prefix is evaluated once
await turn(0, 'hello');

// a follow-up in the same session: only what is new since the last turn should be evaluated
const first = await turn(0, 'what is on the shopping list?');
const follow = await turn(0, 'add coffee please', first.sessionId);
const newTokens = follow.prompt - (first.prompt + first.completion);
const followCold = await cold(0, 'add coffee please', first.sessionId);
console.log(
  `  follow-up: ${follow.evaluated} of ${follow.prompt} prompt tokens evaluated (${newTokens} new), ` +
    `${follow.ms.toFixed(0)} ms vs ${followCold.ms.toFixed(0)} ms cold`,
);

// two people alternating in their own DMs: each turn may evaluate its person's part and the new words
const a = await turn(0, 'remind me about the dentist');
const b = await turn(1, 'what is on tomorrow?');
const a2 = await turn(0, 'at 9 please', a.sessionId);
const b2 = await turn(1, 'and on friday?', b.sessionId);
const alternating = [a2, b2];
// the shared prefix: what a new session of another person reuses right after (measured below), at least
const fresh = await turn(1, 'thanks for the help');
const sharedTokens = fresh.prompt - fresh.evaluated;
const freshCold = await cold(1, 'thanks for the help');
for (const [name, t] of [
  ['Olivia', a2],
  ['Max', b2],
] as const)
  console.log(`  alternating (${name}): ${t.evaluated} of ${t.prompt} prompt tokens evaluated`);
console.log(
  `  new session: ${fresh.evaluated} of ${fresh.prompt} evaluated (${sharedTokens} reused: the shared prefix and the person's part), ` +
    `${fresh.ms.toFixed(0)} ms vs ${freshCold.ms.toFixed(0)} ms cold`,
);

reportGoal({
  id: 'prefill.followup',
  value: follow.evaluated / (1.1 * newTokens + 16),
  unit: 'x',
  target: 1,
  direction: 'max',
  baseline: `1.1 x ${newTokens} new tokens + 16 (a cold prompt evaluates ${followCold.evaluated})`,
  note: `time ${(follow.ms / followCold.ms).toFixed(2)}x a cold prompt of the same length`,
});
const worstAlt = Math.max(...alternating.map((t) => t.evaluated / Math.max(1, t.prompt - sharedTokens)));
reportGoal({
  id: 'prefill.alternating',
  value: worstAlt,
  unit: 'x',
  target: 1,
  direction: 'max',
  baseline: 'the per-person part + history + new tokens (prompt minus the shared prefix)',
  note: `${PARALLEL} sequences; ${alternating.map((t) => `${t.evaluated}/${t.prompt}`).join(', ')} evaluated/prompt`,
});
reportGoal({
  id: 'prefill.new_session',
  value: fresh.evaluated / fresh.prompt,
  unit: 'x',
  target: 1,
  direction: 'max',
  baseline: `a cold prompt of the same length (${freshCold.evaluated} evaluated)`,
  note: `time ${(fresh.ms / freshCold.ms).toFixed(2)}x cold; ${sharedTokens} tokens reused`,
});
await app.stop({ clean: true });
models.remove();
