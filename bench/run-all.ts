// Runs every bench/*-bench.ts in turn (each in its own process, so one cannot skew the next), then prints every
// goal of issue 17 as met / NOT met / not measured. Exits non-zero only when a bench crashes, never on a missed goal.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { formatGoal, GOAL_PREFIX, GOALS, type GoalResult, isMet } from './support/goals.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
// Each bench gets a bound so a hung one cannot stall the whole run; the default fits 2 shared cores.
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('-bench.ts') && (!only || f.includes(only)))
  .sort();

const results = new Map<string, GoalResult>();
const crashed: string[] = [];

function runBench(file: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${dir}${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith(GOAL_PREFIX)) return void console.log(line);
      const r = JSON.parse(line.slice(GOAL_PREFIX.length)) as GoalResult;
      results.set(r.id, r);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ? null : code);
    });
  });
}

const started = performance.now();
for (const file of benches) {
  console.log(`\n== ${file}`);
  const t0 = performance.now();
  const code = await runBench(file);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  if (code !== 0) crashed.push(`${file} (${code === null ? 'killed after timeout' : `exit ${code}`})`);
  console.log(`== ${file}: ${code === 0 ? 'done' : 'CRASHED'} in ${secs} s`);
}

const cpu = cpus();
console.log(
  `\n== goals (${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, node ${process.version},` +
    ` ${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
);
let met = 0;
const goals = GOALS.filter((g) => !g.diagnostic);
const line = (id: string, goal: string, text: string) =>
  console.log(`${id.padEnd(20)} ${text}\n${''.padEnd(21)}${goal}`);
for (const { id, goal } of goals) {
  const r = results.get(id);
  if (r && isMet(r)) met++;
  line(id, goal, r ? formatGoal(r) : 'not measured');
}
// retired goals that sit at the floors their benches measure: shown with the figure, never counted
console.log('\n== diagnostics (printed against their floors, not goals)');
for (const { id, goal } of GOALS.filter((g) => g.diagnostic)) {
  const r = results.get(id);
  line(id, goal, r ? formatGoal(r).replace(/^(met {4}|NOT met) {2}/, '') : 'not measured');
}
const missing = goals.filter((g) => !results.has(g.id as never)).length;
console.log(`\n${met} of ${goals.length} goals met; ${missing} not measured.`);
if (crashed.length) console.log(`crashed: ${crashed.join(', ')}`);
process.exitCode = crashed.length ? 1 : 0;
