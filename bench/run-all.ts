// Runs every bench/*-bench.ts in turn (each in its own process, so one cannot skew the next).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('-bench.ts') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
