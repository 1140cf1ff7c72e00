// Compiles the server (core, plugins, migrations) to JavaScript in dist/ and copies what it reads at run time.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

// a fresh tree every time: a file deleted from the sources must not live on as stale JavaScript
rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) {
  process.stderr.write('build: tsc failed; dist/ is incomplete\n');
  process.exit(tsc.status ?? 1);
}
// dist/ is the running code's root (core/build-info.ts): it needs the same neighbours the sources have
const assets = [
  'package.json',
  'prompts',
  'core/plugin/share-dependencies-hook.mjs',
  'plugins/README.md',
  'admin-ui/dist',
];
for (const asset of assets) {
  const from = path.join(root, asset);
  if (existsSync(from)) cpSync(from, path.join(dist, asset), { recursive: true });
}
process.stdout.write(`build: compiled JavaScript in ${path.relative(process.cwd(), dist) || 'dist'}/\n`);
