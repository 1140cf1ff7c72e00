// The `quorra` command: serve, migrate, doctor (later issues add more subcommands here).
import { ConfigError, loadConfig } from '../config/load-config.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { type CliCommand, commands } from './commands.ts';
import { pluginCliCommands } from './plugin-commands.ts';

/** Runs one CLI invocation and returns the process exit code. */
export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [name = 'help', ...args] = argv;
  // the plugins' subcommands are looked up only when core has no such command: `quorra serve` loads no plugin early
  const command: CliCommand | undefined =
    commands[name] ?? (await pluginCliCommands()).find((c) => c.name === name);
  if (!command) {
    err.write(`unknown command "${name}"\n\n${await usage()}`);
    return 64;
  }
  if (name === 'help') {
    out.write(await usage());
    return 0;
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
    if (e instanceof QuorraError) {
      err.write(`Quorra: ${e.code}: ${e.message}\n`);
      return 1;
    }
    err.write(`Quorra: unexpected error: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}

async function usage(): Promise<string> {
  const lines = [...Object.values(commands), ...(await pluginCliCommands())].map(
    (c) => `  ${c.usage.padEnd(44)} ${c.description}`,
  );
  return `Usage: quorra <command>\n\n${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== 0 || !['serve', 'diagnostics'].includes(process.argv[2] ?? '')) process.exitCode = code;
  });
}
