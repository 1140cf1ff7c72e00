// Footprint: cold start to /health and idle RSS of `quorra serve` (every plugin, Matrix on the homeserver double),
// against a bare Node process serving one Koa handler, both started the same way in the same run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../test/support/boot-app.ts';
import { MatrixHomeserver } from '../test/support/matrix-homeserver/index.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);
// one start is one sample of a noisy machine: the goals take the median of several, bare and Quorra alternating
const RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 5));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bin = fileURLToPath(new URL('../core/cli/bin.js', import.meta.url));
const compiled = fileURLToPath(new URL('../dist/core/cli/main.js', import.meta.url));
const bareKoa = `
import Koa from 'koa';
const app = new Koa();
app.use((ctx) => { ctx.body = { status: 'ok' }; });
const server = app.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => server.close());`;

/** Linux's resident set size of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** The log line the server writes once Matrix is connected and its first sync is in. */
const MATRIX_UP = /Matrix runtime started/;

/** One start: time to a 200 from the probe, time until Matrix was connected, idle RSS after that. */
interface Sample {
  coldMs: number;
  matrixMs: number;
  rss: number;
}

/**
 * Spawns, waits for /health (or /) to answer 200 (the cold start), then (for Quorra) for Matrix to be connected,
 * idles, and returns both times and the idle RSS.
 */
async function measure(args: string[], env: NodeJS.ProcessEnv, cwd: string, probe: string, matrix = true) {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let matrixMs = Number.NaN;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out.slice(-2000)}`))),
  );
  exited.catch(() => undefined);
  try {
    const url = await Promise.race([
      exited,
      new Promise<string>((resolve) => {
        const onData = (d: Buffer) => {
          out += d;
          if (Number.isNaN(matrixMs) && MATRIX_UP.test(out)) matrixMs = performance.now() - t0;
          const m = /listening on (http:\/\/[^"\s]+)/.exec(out);
          if (m) resolve(m[1]);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
      }),
    ]);
    while ((await fetch(`${url}${probe}`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
    const coldMs = performance.now() - t0;
    // the idle figure is the connected bot's: Matrix connects after /health answers
    const deadline = Date.now() + 120_000;
    while (matrix && Number.isNaN(matrixMs)) {
      if (Date.now() > deadline) throw new Error(`Matrix did not connect: ${out.slice(-2000)}`);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20))]);
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { coldMs, matrixMs, rss: rssMb(child.pid!) } satisfies Sample;
  } finally {
    child.kill('SIGKILL');
  }
}

// what `npm start` runs: the compiled tree, built fresh so the figure is this checkout's
const build = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('../tools/build-dist.ts', import.meta.url))],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
if (build.status !== 0) throw new Error('npm run build failed');

const dir = tempDir('quorra-bench-footprint-');
const hs = await MatrixHomeserver.start();
const model = await ScriptedModelServer.start();
model.always(() => true, { content: 'Instant reply.' });
const bot = hs.registerUser('quorra', { displayName: 'Quorra' });
try {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    QUORRA_DATA_DIR: dir,
    QUORRA_PORT: '0',
    QUORRA_LOG_LEVEL: 'info',
    OPENAI_BASE_URL: model.url,
    MATRIX_HOMESERVER_URL: hs.url,
    MATRIX_ACCESS_TOKEN: bot.accessToken,
  };
  const tsx = await measure([bin, 'serve'], env, dir, '/health');
  // a data dir of its own, so the compiled server's first start is an empty household's (migrations and all); the
  // restarts on it after that are the start a household sees day to day (an update, a reboot)
  const dir2 = tempDir('quorra-bench-footprint-');
  const env2 = { ...env, HOME: dir2, QUORRA_DATA_DIR: dir2 };
  const compiledArgs = ['--max-semi-space-size=1', compiled, 'serve'];
  const bares: Sample[] = [];
  const restarts: Sample[] = [];
  let first: Sample;
  try {
    first = await measure(compiledArgs, env2, dir2, '/health');
    for (let i = 0; i < RUNS; i++) {
      bares.push(await measure(['--input-type=module', '-e', bareKoa], env, process.cwd(), '/', false));
      restarts.push(await measure(compiledArgs, env2, dir2, '/health'));
    }
  } finally {
    rmSync(dir2, { recursive: true, force: true });
  }
  const mid = (xs: Sample[]): Sample => ({
    coldMs: median(xs.map((x) => x.coldMs)),
    matrixMs: median(xs.map((x) => x.matrixMs)),
    rss: median(xs.map((x) => x.rss)),
  });
  const [bare, quorra] = [mid(bares), mid(restarts)];
  const spread = (xs: Sample[]) =>
    `${Math.min(...xs.map((x) => x.coldMs)).toFixed(0)}–${Math.max(...xs.map((x) => x.coldMs)).toFixed(0)} ms`;
  console.log(
    `footprint: medians of ${RUNS} starts each, alternating (bare ${spread(bares)}, Quorra ${spread(restarts)});` +
      ` the compiled server's first start on an empty household ${first.coldMs.toFixed(0)} ms, RSS ${first.rss.toFixed(0)} MB`,
  );
  console.log(
    `footprint: bare Node + Koa   cold start ${bare.coldMs.toFixed(0)} ms, RSS ${bare.rss.toFixed(0)} MB`,
  );
  for (const [how, r] of [
    ['tsx at run time', tsx],
    ['compiled (npm start)', quorra],
  ] as const) {
    console.log(
      `footprint: quorra serve, ${how.padEnd(20)} cold start ${r.coldMs.toFixed(0)} ms` +
        ` (Matrix connected, E2EE on, at ${r.matrixMs.toFixed(0)} ms), idle RSS ${r.rss.toFixed(0)} MB` +
        ` ${IDLE_MS / 1000} s after that (every plugin enabled)`,
    );
  }
  reportGoal({
    id: 'footprint.rss',
    value: quorra.rss,
    unit: ' MB',
    target: 150,
    direction: 'max',
    baseline: `bare Node + Koa ${bare.rss.toFixed(0)} MB, same run (${(quorra.rss / bare.rss).toFixed(1)}x)`,
    note: `compiled JavaScript as npm start runs it, median of ${RUNS}; under tsx ${tsx.rss.toFixed(0)} MB`,
  });
  reportGoal({
    id: 'footprint.cold',
    value: quorra.coldMs / 1000,
    unit: ' s',
    target: 1.5,
    direction: 'max',
    baseline: `bare Node + Koa ${(bare.coldMs / 1000).toFixed(2)} s, same run (${(quorra.coldMs / bare.coldMs).toFixed(1)}x)`,
    note:
      `compiled JavaScript, median of ${RUNS} restarts (first start with migrations ${(first.coldMs / 1000).toFixed(2)} s);` +
      ` /health answers (degraded, Matrix "starting") before Matrix connects, which it had` +
      ` at ${(quorra.matrixMs / 1000).toFixed(2)} s; under tsx ${(tsx.coldMs / 1000).toFixed(2)} s`,
  });
} finally {
  await hs.close();
  await model.close();
  rmSync(dir, { recursive: true, force: true });
}
