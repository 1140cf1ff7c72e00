// The CLI's subcommands as a table: name → usage, description, run.
import type { Writable } from 'node:stream';
import type { QuorraConfig } from '../config/schema.ts';
import { adminLink } from './admin-link.ts';
import { backup, restore } from './backup-commands.ts';
import { diagnostics } from './diagnostics.ts';
import { doctor } from './doctor.ts';
import { migrate } from './migrate.ts';
import { token } from './token-commands.ts';
import { user } from './user-commands.ts';

/** A CLI subcommand; run returns the exit code. */
export interface CliCommand {
  usage: string;
  description: string;
  run(args: string[], config: QuorraConfig, out: Writable): Promise<number>;
}

export const commands: Record<string, CliCommand> = {
  serve: {
    usage: 'serve',
    description: 'start the server (what npm start runs)',
    // loaded on use: the whole app graph would otherwise be compiled by every small command and the agent process
    run: async (args, config) => (await import('./serve.ts')).serve(args, config),
  },
  migrate: { usage: 'migrate', description: 'apply pending database migrations and exit', run: migrate },
  doctor: { usage: 'doctor', description: 'check configuration and which endpoints answer', run: doctor },
  user: {
    usage:
      'user add <name> --role owner|member [--matrix @id:server] [--email …] | list | edit <user> … | remove <user>',
    description: 'manage household users',
    run: user,
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
  diagnostics: {
    usage: 'diagnostics',
    description: 'run the diagnostics agent (its own process; Quorra connects to it over a Unix socket)',
    run: diagnostics,
  },
  'admin-link': {
    usage: 'admin-link <user>',
    description: 'print a one-time admin UI sign-in link',
    run: adminLink,
  },
  help: { usage: 'help', description: 'show this help', run: async () => 0 },
};
