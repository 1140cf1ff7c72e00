// Runs a real Radicale 3 CalDAV server on 127.0.0.1 (ephemeral port, temp storage, htpasswd auth) for tests.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A running Radicale with one htpasswd user. */
export interface RadicaleServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  username: string;
  password: string;
  /** Radicale's storage folder (a bench seeds thousands of objects there directly: one PUT each takes minutes). */
  storage: string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its storage. */
  stop(): Promise<void>;
}

/** Fails with a clear message when Radicale is not installed. */
export function radicaleBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v radicale'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'radicale is not on PATH: the calendar tests need a real Radicale 3 (run test/support/setup-system.sh as root, or apt-get install radicale)',
    );
  }
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (!address || typeof address === 'string') throw new Error('could not pick a free port');
  return address.port;
}

/** Starts Radicale and waits until it answers HTTP; always pair with stop(). */
export async function startRadicale(
  opts: { username?: string; password?: string } = {},
): Promise<RadicaleServer> {
  const bin = radicaleBinary();
  const username = opts.username ?? 'household';
  const password = opts.password ?? 'correct-horse-battery';
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-radicale-'));
  const config = path.join(dir, 'config');
  const users = path.join(dir, 'users');
  writeFileSync(config, '# empty: every option comes from the command line\n');
  writeFileSync(users, `${username}:${password}\n`);
  // a freed ephemeral port can be taken again before Radicale binds it; then it exits at once and we retry
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(bin, dir, config, users, username, password);
    } catch (err) {
      if (attempt >= 3 || !/radicale exited/.test((err as Error).message)) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
}

async function launch(
  bin: string,
  dir: string,
  config: string,
  users: string,
  username: string,
  password: string,
): Promise<RadicaleServer> {
  const port = await freePort();
  const child = spawn(
    bin,
    [
      '--config',
      config,
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      path.join(dir, 'collections'),
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      users,
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RADICALE_CONFIG: config } },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    await terminate(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, child, () => stderr);
  } catch (err) {
    await terminate(child);
    throw err;
  }
  return { url, username, password, storage: path.join(dir, 'collections'), stop };
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}: ${log()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`radicale did not answer on ${url} within 10 s: ${log()}`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
