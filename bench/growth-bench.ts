// Growth: a chat turn with memory recall + knowledge search on an empty household vs one grown to 5 years of use.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sqliteConnection } from '../core/db/sqlite-connection.ts';
import { recallIndexReady } from '../core/memory/recall-index.ts';
import type { KnowledgeApi } from '../plugins/knowledge/index.ts';
import { type BootedApp, bootApp, tempDir } from '../test/support/boot-app.ts';
import { addUser, type TestUser } from '../test/support/household.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { CORPUS, growHousehold, type HouseholdSize } from './support/grow-household.ts';
import { percentile } from './support/hammer.ts';
import { householdQuestion } from './support/memory-corpus.ts';
import { queryPlan } from './support/query-plans.ts';
import { type TurnBreakdown, TurnProfile } from './support/turn-profile.ts';
import { profileApp, profileKnowledge, STEP_ORDER } from './support/turn-steps.ts';

// Five years of a four-person household, as issue 17 sizes it; BENCH_GROWTH_SCALE shrinks it (the output says so).
const SCALE = Number(process.env.BENCH_GROWTH_SCALE ?? 1);
const SIZE: HouseholdSize = {
  notes: Math.round(200_000 * SCALE),
  memories: Math.round(50_000 * SCALE),
  documents: Math.round(20_000 * SCALE),
  chunksPerDocument: 5,
};
const TURNS = Number(process.env.BENCH_TURNS ?? 200);

/** The model asks for both lookups on the user's message, then answers once the tool results are in. */
function scriptTurns(model: ScriptedModelServer): void {
  model.always(
    (b) => b.messages?.at(-1)?.role !== 'tool',
    (b) => {
      const q = String(b.messages.at(-1).content).slice(0, 200);
      return {
        toolCalls: [
          { name: 'memory_recall', arguments: { topic: q } },
          { name: 'search_knowledge', arguments: { query: q } },
        ],
      };
    },
  );
  model.always(() => true, { content: 'Here is what I found.' });
}

/** A household under measurement. */
interface Household {
  name: 'empty' | 'grown';
  app: BootedApp;
  owner: TestUser;
}

interface TurnCost {
  p50: number;
  p95: number;
  mean: number;
  /** The process's CPU time per turn (the scripted model runs in it too), p50: less swayed by the load than wall time. */
  cpuP50: number;
}

/**
 * The same turns on both households, alternating one turn each (and which goes first), so a shared machine's
 * load drifting during the run weighs on both sides of the ratio alike.
 */
async function turnCosts(households: Household[], profile: TurnProfile): Promise<Map<string, TurnCost>> {
  const turn = (h: Household, message: string) =>
    h.app.quorra.conversation.engine.handle({
      principal: { kind: 'user', userId: h.owner.id, role: 'owner', displayName: 'Bench' },
      message,
      scope: ['general'],
    });
  // warm-up: JIT, statement caches, a large collection's graph
  for (let i = 0; i < 20; i++) for (const h of households) await turn(h, householdQuestion());
  // Memory recall's index is built in the background after the first recall (FTS5 answers meanwhile): measured
  // turns are those of a household whose index is built, as on any day after its first recall.
  for (const h of households) {
    const t = performance.now();
    await recallIndexReady(h.app.quorra.db);
    console.log(`  ${h.name}: recall index ready ${(performance.now() - t).toFixed(0)} ms after the warm-up`);
  }
  const times = new Map(households.map((h) => [h.name, [] as number[]]));
  const cpu = new Map(households.map((h) => [h.name, [] as number[]]));
  for (let i = 0; i < TURNS; i++) {
    const message = householdQuestion();
    for (const h of i % 2 ? households : [...households].reverse()) {
      const t = performance.now();
      const c = process.cpuUsage();
      await profile.turn(h.name, () => turn(h, message));
      const used = process.cpuUsage(c);
      times.get(h.name)!.push(performance.now() - t);
      cpu.get(h.name)!.push((used.user + used.system) / 1000);
    }
  }
  return new Map(
    [...times].map(([name, xs]) => [
      name,
      {
        p50: percentile(xs, 50),
        p95: percentile(xs, 95),
        mean: xs.reduce((a, b) => a + b, 0) / xs.length,
        cpuP50: percentile(cpu.get(name)!, 50),
      },
    ]),
  );
}

const ms = (n: number | undefined) => (n ?? 0).toFixed(2).padStart(8);

/** Per step and per statement: what a turn costs empty and grown, so the figure says where growth costs. */
function printBreakdown(empty: TurnBreakdown, grown: TurnBreakdown, app: BootedApp): void {
  console.log('\nper-step breakdown (mean ms per turn, each step without the steps inside it):');
  console.log(`  ${'step'.padEnd(46)}   empty    grown    delta`);
  const steps = [...new Set([...STEP_ORDER, ...empty.steps.keys(), ...grown.steps.keys()])];
  let total = [0, 0];
  for (const step of steps) {
    const [e, g] = [empty.steps.get(step), grown.steps.get(step)];
    if (e === undefined && g === undefined) continue;
    total = [total[0] + (e ?? 0), total[1] + (g ?? 0)];
    console.log(`  ${step.padEnd(46)} ${ms(e)} ${ms(g)} ${ms((g ?? 0) - (e ?? 0))}`);
  }
  console.log(`  ${'whole turn'.padEnd(46)} ${ms(total[0])} ${ms(total[1])} ${ms(total[1] - total[0])}`);

  const key = (s: { step: string; sql: string }) => `${s.step}\u0000${s.sql}`;
  const before = new Map(empty.statements.map((s) => [key(s), s]));
  const grew = grown.statements
    .map((s) => ({ ...s, delta: s.ms - (before.get(key(s))?.ms ?? 0) }))
    .sort((a, b) => b.delta - a.delta);
  console.log('\nSQL statements that grew most (ms per turn empty -> grown, calls per turn, step):');
  for (const s of grew.slice(0, 8)) {
    const e = before.get(key(s));
    console.log(`  ${ms(e?.ms)} -> ${ms(s.ms)}  x${s.calls.toFixed(1)}  [${s.step}]  ${s.sql.slice(0, 150)}`);
  }
  const sqlTotal = (b: TurnBreakdown) => b.statements.reduce((n, s) => n + s.ms, 0);
  console.log(`  all SQL: ${sqlTotal(empty).toFixed(2)} ms -> ${sqlTotal(grown).toFixed(2)} ms per turn`);

  // Every statement of the grown turns, explained on the grown database: a full scan here grows with the data.
  const conn = sqliteConnection(app.quorra.db);
  const scans = grown.statements
    .map((s) => ({ s, plan: queryPlan(conn, s.source, s.args) }))
    .filter((x) => x.plan?.fullScan);
  console.log(
    `\nquery plans at this size: ${grown.statements.length} statements in a turn, ${scans.length} walk a whole table or index`,
  );
  for (const { s, plan } of scans)
    console.log(
      `  ${ms(s.ms)} ms  ${s.sql.slice(0, 140)}\n${plan!.lines.map((l) => `      ${l}`).join('\n')}`,
    );
}

/** Waits for the knowledge pass every boot starts (it would otherwise run beside the measured turns). */
async function bootPassSettled(app: BootedApp): Promise<void> {
  const t = performance.now();
  const run = await app.quorra.plugins.api<KnowledgeApi>('knowledge')!.reindexAll();
  console.log(
    `  knowledge pass after boot: ${run.files} files (${run.unchanged} unchanged, ${run.indexed} indexed,` +
      ` ${run.removed} removed) settled in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

/**
 * The grown household, reused from BENCH_GROWTH_DIR when it holds one of this size (growing 5 years takes
 * minutes; the empty side is always measured afresh in the same run).
 */
async function grownHousehold(
  boot: (dataDir: string) => Promise<BootedApp>,
): Promise<{ app: BootedApp; owner: TestUser; keep: boolean }> {
  const keepDir = process.env.BENCH_GROWTH_DIR;
  const marker = keepDir && join(keepDir, 'grown.json');
  if (marker && existsSync(marker)) {
    const saved = JSON.parse(readFileSync(marker, 'utf8')) as {
      size: HouseholdSize;
      corpus?: string;
      owner: TestUser;
    };
    if (saved.corpus === CORPUS && JSON.stringify(saved.size) === JSON.stringify(SIZE)) {
      console.log(`reusing the household grown in ${keepDir}`);
      return { app: await boot(keepDir!), owner: saved.owner, keep: true };
    }
  }
  if (keepDir) rmSync(keepDir, { recursive: true, force: true });
  const dataDir = keepDir ?? tempDir('quorra-growth-');
  mkdirSync(dataDir, { recursive: true });
  let app = await boot(dataDir);
  const owner = await addUser(app, 'Bench');
  console.log(`growing to ${SCALE === 1 ? '5 years' : `${SCALE} x 5 years`} of use:`);
  await growHousehold(app, owner, SIZE);
  await app.stop();
  if (marker) writeFileSync(marker, JSON.stringify({ size: SIZE, corpus: CORPUS, owner }));
  app = await boot(dataDir);
  return { app, owner, keep: Boolean(keepDir) };
}

async function main(): Promise<void> {
  const started = performance.now();
  const profile = new TurnProfile();
  profileKnowledge(profile);
  const model = await ScriptedModelServer.start({ recordRequests: false });
  scriptTurns(model);
  // The offline embedder (512 dims): the scripted model's 64-dim embeddings would understate the vector search.
  // Retries: a keep-alive socket the scripted server closed while a household sat idle is not what is measured.
  const config = {
    model: { embeddingModel: undefined, maxRetries: 2 },
    plugins: { knowledge: { settings: { watch: false, indexOnStart: false } } },
  };
  const boot = async (dataDir: string) => {
    const app = await bootApp({ model, dataDir, config, listen: false });
    profileApp(profile, app);
    await bootPassSettled(app);
    return app;
  };
  const emptyApp = await boot(tempDir('quorra-growth-empty-'));
  const households: Household[] = [{ name: 'empty', app: emptyApp, owner: await addUser(emptyApp, 'Bench') }];
  const { app, owner, keep } = await grownHousehold(boot);
  households.push({ name: 'grown', app, owner });
  console.log(`measuring ${TURNS} turns on each household, alternating:`);
  const costs = await turnCosts(households, profile);
  const [empty, grown] = [costs.get('empty')!, costs.get('grown')!];
  console.log(
    `growth: empty household, chat turn (recall + knowledge search, instant model) p50 ${empty.p50.toFixed(2)} ms,` +
      ` p95 ${empty.p95.toFixed(2)} ms, mean ${empty.mean.toFixed(2)} ms`,
  );
  const ratio = grown.p50 / empty.p50;
  const size = `${SIZE.notes} notes, ${SIZE.memories} memories, ${SIZE.documents} documents, ${SIZE.documents * SIZE.chunksPerDocument} chunks`;
  console.log(
    `growth: grown household (${size}) p50 ${grown.p50.toFixed(2)} ms, p95 ${grown.p95.toFixed(2)} ms, mean ${grown.mean.toFixed(2)} ms` +
      ` -> ${ratio.toFixed(2)}x the empty one (p95 ${(grown.p95 / empty.p95).toFixed(2)}x)`,
  );
  const cpuRatio = grown.cpuP50 / empty.cpuP50;
  console.log(
    `growth: CPU per turn p50 ${empty.cpuP50.toFixed(2)} ms empty, ${grown.cpuP50.toFixed(2)} ms grown -> ${cpuRatio.toFixed(2)}x` +
      ' (the process CPU a turn used, which a loaded machine disturbs less than wall time)',
  );
  printBreakdown(profile.take('empty'), profile.take('grown'), app);
  reportGoal({
    id: 'growth.turn',
    value: ratio,
    unit: 'x',
    target: 2,
    direction: 'max',
    baseline: `the same turn on an empty database, same run (${empty.p50.toFixed(2)} ms)`,
    note: `${SCALE === 1 ? size : `SCALED ${SCALE}: ${size}`}; CPU per turn ${cpuRatio.toFixed(2)}x`,
  });
  await emptyApp.stop({ clean: true });
  await app.stop({ clean: !keep });
  await model.close();
  console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
