// `quorra serve` as a child process on a data dir of its own: the log so far and the URL once it listens.
import { type ChildProcess, spawn } from 'node:child_process';

/** A started server process; `listening` rejects if it exits first. */
export interface ServeProcess {
  child: ChildProcess;
  listening: Promise<string>;
  log: () => string;
}

/**
 * Runs `node <entry> serve` (core/cli/bin.js for the sources under tsx, dist/core/cli/main.js for the build) with
 * only the environment it is given: an ephemeral port, an unreachable model unless `env` says otherwise.
 */
export function startServe(entry: string, dataDir: string, env: Record<string, string> = {}): ServeProcess {
  const child = spawn(process.execPath, [entry, 'serve'], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dataDir,
      QUORRA_DATA_DIR: dataDir,
      QUORRA_PORT: '0',
      QUORRA_LOG_LEVEL: 'info',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ...env,
    },
  });
  let out = '';
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/[^"\s]+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  listening.catch(() => undefined);
  return { child, listening, log: () => out };
}
