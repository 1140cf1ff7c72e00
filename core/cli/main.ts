// The `quorra` command: finds the subcommand, answers --help without starting anything, checks flags, runs it.
import { ConfigError, loadConfig } from '../config/load-config.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import {
  allCommands,
  checkFlags,
  closestCommand,
  commandHelp,
  usage,
  usageLines,
  wantsHelp,
} from './cli-help.ts';

/** Runs one CLI invocation and returns the process exit code. */
export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [name = 'help', ...args] = argv;
  // the plugins' subcommands are looked up only when core has no such command: `quorra serve` loads no plugin early
  const all = await allCommands(name);
  if (name === '--help' || name === '-h' || name === 'help') {
    const asked = name === 'help' && args[0] && !args[0].startsWith('-') ? args[0] : undefined;
    const topic = asked ? (await allCommands(asked))[asked] : undefined;
    if (asked && !topic) return unknownCommand(asked, err);
    out.write(
      topic
        ? commandHelp(asked!, topic)
        : name === 'help' && args[0]
          ? commandHelp('help', all.help)
          : await usage(),
    );
    return 0;
  }
  const command = Object.hasOwn(all, name) ? all[name] : undefined;
  if (!command) return unknownCommand(name, err);
  // help never loads the configuration or starts anything: `diagnostics --help` must not start the agent
  if (wantsHelp(args)) {
    out.write(commandHelp(name, command));
    return 0;
  }
  try {
    checkFlags(command, args);
  } catch (e) {
    err.write(`quorra ${name}: ${(e as Error).message}\n${usageLines(command)}\n`);
    return 64;
  }
  let config: QuorraConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      err.write(`Quorra cannot start: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  try {
    return await command.run(args, config, out);
  } catch (e) {
    if (e instanceof QuorraError && e.code === 'QUORRA_USAGE') {
      const reason = e.message.startsWith('usage:') ? 'missing or extra arguments' : e.message;
      err.write(`quorra ${name}: ${reason}\n${usageLines(command)}\n`);
      return 64;
    }
    if (e instanceof QuorraError) {
      err.write(`Quorra: ${e.code}: ${e.message}\n`);
      return 1;
    }
    err.write(`Quorra: unexpected error: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}

async function unknownCommand(name: string, err: NodeJS.WritableStream): Promise<number> {
  const near = await closestCommand(name);
  err.write(
    `quorra: unknown command "${name}"${near ? ` (did you mean "${near}"?)` : ''}\n\n${await usage()}`,
  );
  return 64;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== 0 || !['serve', 'diagnostics'].includes(process.argv[2] ?? '')) process.exitCode = code;
  });
}
