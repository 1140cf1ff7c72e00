// The running build's version and commit, for /health, /metrics and `quorra doctor`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root (where package.json, plugins/ and prompts/ are). */
export const rootDir = fileURLToPath(new URL('..', import.meta.url));

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
  version: (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version,
  commit: readCommit(),
};
