// The running build's version and commit, for /health, /metrics and `quorra doctor`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above `from` that holds a package.json: the repository under tsx, dist/ when compiled. Found,
 * not fixed relative to this file, because the compiled build bundles this module into a chunk of its own folder.
 */
export function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** Repository root (where package.json, plugins/ and prompts/ are). */
export const rootDir = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function readCommit(): string {
  if (process.env.QUORRA_COMMIT) return process.env.QUORRA_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Version from package.json and the git commit (or QUORRA_COMMIT), read once. */
export const buildInfo = {
  version: (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string })
    .version,
  commit: readCommit(),
};
