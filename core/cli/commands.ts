// Core's CLI subcommands as a table: name → usage, description, run (plugins add theirs: plugin-commands.ts).
import type { Writable } from 'node:stream';
import type { QuorraConfig } from '../config/schema.ts';

type Run = CliCommand['run'];
/** Loads a command's module only when it runs: `quorra user list` need not load the whole app. */
const lazy =
  (load: () => Promise<Run>): Run =>
  async (args, config, out) =>
    (await load())(args, config, out);
const adminLink = lazy(async () => (await import('./admin-link.ts')).adminLink);
const backup = lazy(async () => (await import('./backup-commands.ts')).backup);
const doctor = lazy(async () => (await import('./doctor.ts')).doctor);
const restore = lazy(async () => (await import('./backup-commands.ts')).restore);
const migrate = lazy(async () => (await import('./migrate.ts')).migrate);
const migrateDb = lazy(async () => (await import('./migrate-db.ts')).migrateDb);
const model = lazy(async () => (await import('./model-commands.ts')).model);
const serve = lazy(async () => (await import('./serve.ts')).serve);
const token = lazy(async () => (await import('./token-commands.ts')).token);
const user = lazy(async () => (await import('./user-commands.ts')).user);
const workspace = lazy(async () => (await import('./workspace-commands.ts')).workspace);

/** A CLI subcommand; run returns the exit code. */
export interface CliCommand {
  usage: string;
  description: string;
  run(args: string[], config: QuorraConfig, out: Writable): Promise<number>;
}

export const commands: Record<string, CliCommand> = {
  serve: { usage: 'serve', description: 'start the server (what npm start runs)', run: serve },
  migrate: { usage: 'migrate', description: 'apply pending database migrations and exit', run: migrate },
  'migrate-db': {
    usage: 'migrate-db --from sqlite[:<file>] --to <postgres-url> [--force] [--batch <rows>]',
    description: "copy the household's data from SQLite into PostgreSQL (an empty target unless --force)",
    run: migrateDb,
  },
  doctor: { usage: 'doctor', description: 'check configuration and which endpoints answer', run: doctor },
  model: {
    usage: 'model pull [name] [--mirror URL] | model list',
    description: 'download the in-process models (default chat + embedding) / show them',
    run: model,
  },
  user: {
    usage:
      'user add <name> --role owner|member [--matrix @id:server] [--email …] [--allow-duplicate] | list | edit <user> … | remove <user>',
    description: 'manage household users',
    run: user,
  },
  workspace: {
    usage: 'workspace grant <workspace> <person> | workspace revoke <workspace> <person>',
    description: 'say which members may use a workspace (owners can use every one)',
    run: workspace,
  },
  token: {
    usage: 'token create <user> [label] | list <user> | revoke <token-id> | revoke --all <user>',
    description: 'API tokens: create (printed once), list, revoke',
    run: token,
  },
  backup: {
    usage: 'backup [path]',
    description: 'write a verified backup archive (database, vault, plugin data); safe while serving',
    run: backup,
  },
  restore: {
    usage: 'restore <archive> [--force]',
    description: 'restore an archive into an empty data directory (--force moves what is there aside)',
    run: restore,
  },
  'admin-link': {
    usage: 'admin-link <user>',
    description: 'print a one-time admin UI sign-in link',
    run: adminLink,
  },
  help: { usage: 'help', description: 'show this help', run: async () => 0 },
};
