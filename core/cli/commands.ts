// Core's CLI subcommands as a table: name → usage lines, description, the flags it takes, run (plugins add theirs:
// plugin-commands.ts).
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
const importStatement = lazy(
  async () => (await import('./statement-import-command.ts')).importStatementCommand,
);
const migrate = lazy(async () => (await import('./migrate.ts')).migrate);
const migrateDb = lazy(async () => (await import('./migrate-db.ts')).migrateDb);
const model = lazy(async () => (await import('./model-commands.ts')).model);
const serve = lazy(async () => (await import('./serve.ts')).serve);
const token = lazy(async () => (await import('./token-commands.ts')).token);
const user = lazy(async () => (await import('./user-commands.ts')).user);
const workspace = lazy(async () => (await import('./workspace-commands.ts')).workspace);

/** A flag a command accepts: what `--help` lists and what the parser lets through (anything else is an error). */
export interface CliFlag {
  name: string;
  /** Shown after the flag in help, e.g. "<url>"; a flag without one is a switch. */
  value?: string;
  multiple?: boolean;
  about: string;
}

/** A CLI subcommand; run returns the exit code. */
export interface CliCommand {
  /** One line per form of the command, without the leading `quorra `. */
  usage: string[];
  description: string;
  flags: CliFlag[];
  run(args: string[], config: QuorraConfig, out: Writable): Promise<number>;
}

const role: CliFlag = { name: 'role', value: 'owner|member', about: 'what the person may do' };
const matrix: CliFlag = {
  name: 'matrix',
  value: '@id:server',
  multiple: true,
  about: 'their Matrix ID (repeat for more than one)',
};
const email: CliFlag = { name: 'email', value: '<address>', about: 'their email address' };
const timezone: CliFlag = {
  name: 'timezone',
  value: '<zone>',
  about: "an IANA time zone like Europe/Lisbon (default: the household's)",
};

export const commands: Record<string, CliCommand> = {
  serve: { usage: ['serve'], description: 'start the server (what npm start runs)', flags: [], run: serve },
  migrate: {
    usage: ['migrate'],
    description: 'apply pending database migrations and exit',
    flags: [],
    run: migrate,
  },
  'migrate-db': {
    usage: ['migrate-db --from sqlite[:<file>] --to <postgres-url> [--force] [--batch <rows>]'],
    description: "copy the household's data from SQLite into PostgreSQL (an empty target unless --force)",
    flags: [
      { name: 'from', value: 'sqlite[:<file>]', about: 'the SQLite household to copy' },
      { name: 'to', value: '<postgres-url>', about: 'the PostgreSQL database to copy into' },
      { name: 'force', about: 'replace what the target holds' },
      { name: 'batch', value: '<rows>', about: 'rows per insert (500)' },
    ],
    run: migrateDb,
  },
  doctor: {
    usage: ['doctor'],
    description: 'check configuration and which endpoints answer',
    flags: [],
    run: doctor,
  },
  model: {
    usage: ['model pull [name] [--mirror <url>]', 'model list'],
    description: 'download the in-process models (default chat + embedding) / show them',
    flags: [{ name: 'mirror', value: '<url>', about: 'download from this mirror instead' }],
    run: model,
  },
  user: {
    usage: [
      'user add <name> --role owner|member [--matrix @id:server]… [--email …] [--timezone <zone>] [--id <id>] [--allow-duplicate] [--child] [--child-tools a,b] [--quiet 21:00-07:00] [--quiet-reply]',
      'user list',
      'user edit <person> [--name …] [--role …] [--matrix @id:server]… [--email …] [--timezone <zone>] [--child|--no-child] [--child-tools a,b|default] [--quiet 21:00-07:00|off] [--quiet-reply|--no-quiet-reply]',
      'user remove <person>',
    ],
    description: 'manage household people (a person is their id, display name or Matrix ID)',
    flags: [
      role,
      matrix,
      email,
      timezone,
      { name: 'name', value: '<name>', about: 'their new display name (edit)' },
      { name: 'id', value: '<id>', about: 'the id to use instead of one made from the name (add)' },
      { name: 'allow-duplicate', about: 'add a second person with a name already in use (add)' },
      {
        name: 'child',
        about: 'a child: their turns reach only their list of tools (no money, no deletions)',
      },
      { name: 'no-child', about: 'no longer a child (edit)' },
      {
        name: 'child-tools',
        value: '<a,b>',
        about: "the tools this child may use, comma-separated; 'default' for the household's list",
      },
      {
        name: 'quiet',
        value: '<21:00-07:00>',
        about: "quiet hours in the person's time; 'off' to clear them",
      },
      {
        name: 'quiet-reply',
        about: 'during quiet hours a child gets one short reply (--no-quiet-reply: none)',
      },
    ],
    run: user,
  },
  workspace: {
    usage: ['workspace grant <workspace> <person>', 'workspace revoke <workspace> <person>'],
    description: 'say which members may use a workspace (owners can use every one)',
    flags: [],
    run: workspace,
  },
  token: {
    usage: [
      'token create <person> [label]',
      'token list <person>',
      'token revoke <token-id>',
      'token revoke --all <person>',
    ],
    description: 'API tokens: create (printed once), list, revoke',
    flags: [{ name: 'all', about: 'revoke every token of the person' }],
    run: token,
  },
  backup: {
    usage: ['backup [path]'],
    description: 'write a verified backup archive (database, vault, plugin data); safe while serving',
    flags: [],
    run: backup,
  },
  restore: {
    usage: ['restore <archive> [--force]'],
    description: 'restore an archive into an empty data directory (--force moves what is there aside)',
    flags: [{ name: 'force', about: 'move what the data directory holds aside first' }],
    run: restore,
  },
  'admin-link': {
    usage: ['admin-link <person>'],
    description: 'print a one-time admin UI sign-in link',
    flags: [],
    run: adminLink,
  },
  'import-statement': {
    usage: [
      'import-statement <file> --account <name> [--budget <id>] [--encoding <name>] [--layout <id>] [--mapping <json>]',
    ],
    description: "import a bank statement (CSV, OFX, QFX) into a budget's account, skipping rows seen before",
    flags: [
      { name: 'account', value: '<name>', about: 'the account the statement belongs to' },
      { name: 'budget', value: '<id>', about: 'the budget (default: the first)' },
      { name: 'encoding', value: '<name>', about: 'the file’s encoding, when detection guesses wrong' },
      {
        name: 'layout',
        value: '<id>',
        about: 'a known bank layout to use (see the answer to a first import)',
      },
      { name: 'mapping', value: '<json>', about: 'which column is date, payee, amount (JSON)' },
      { name: 'as', value: '<person>', about: 'who imports it (default: the first owner)' },
    ],
    run: importStatement,
  },
  help: {
    usage: ['help [command]'],
    description: 'show this help, or a command’s',
    flags: [],
    run: async () => 0,
  },
};
