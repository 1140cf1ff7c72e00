// The real third-party MCP server from npm (@modelcontextprotocol/server-everything), over stdio or Streamable HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The server's entry point inside node_modules. */
export const everythingEntry = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loopback-listen.mjs');

/** The mcp plugin's settings for server-everything started by Quorra over stdio. */
export function everythingOverStdio(extra: Record<string, unknown> = {}) {
  return {
    id: 'ev',
    label: 'Everything',
    scope: 'home',
    command: process.execPath,
    args: [everythingEntry, 'stdio'],
    ...extra,
  };
}

/** Starts server-everything's Streamable HTTP transport on 127.0.0.1 (an ephemeral port); stop() ends it. */
export async function startEverythingHttp(): Promise<{
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, ['--import', preload, everythingEntry, 'streamableHttp'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${seen}`)), 15_000);
    child.stderr!.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = /LISTENING (\d+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
