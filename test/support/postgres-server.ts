// Test support: a throwaway PostgreSQL 15 cluster from Debian's packages in a temp dir, on loopback and an ephemeral port.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
/** The superuser the cluster is created with; trust auth on loopback only, so it needs no password. */
const ADMIN = 'quorra';

export interface PostgresServer {
  /** `postgres://quorra@127.0.0.1:<port>/postgres`: the maintenance database, for CREATE DATABASE/SCHEMA. */
  url: string;
  stop(): void;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(POSTGRES_BIN, bin)))
      return `${POSTGRES_BIN}/${bin} is missing (apt-get install postgresql-15)`;
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root and there is no unprivileged "postgres" user for initdb';
  return null;
}

/** A free loopback port (the kernel picks; released just before PostgreSQL binds it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: as root, the cluster is created and run by Debian's unprivileged `postgres` user. */
function asClusterOwner(bin: string, args: string[]): void {
  const full = path.join(POSTGRES_BIN, bin);
  const [cmd, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Creates and starts a cluster; stop() shuts it down and removes every file. */
export async function startPostgres(): Promise<PostgresServer> {
  const reason = postgresUnavailable();
  if (reason) throw new Error(`PostgreSQL cannot run here: ${reason}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-pg-'));
  chmodSync(dir, 0o777); // the cluster owner (postgres) writes here; the test process (root) removes it
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asClusterOwner('initdb', ['-D', data, '-U', ADMIN, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  // durability switched off: a test cluster is thrown away, and fsync on a loaded machine only costs time
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  asClusterOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://${ADMIN}@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asClusterOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
