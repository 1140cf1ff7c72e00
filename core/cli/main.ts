// The `quorra` command: serve, migrate, doctor (later issues add more subcommands here).
import { ConfigError, loadConfig } from '../config/load-config.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { commands } from './commands.ts';

/** Runs one CLI invocation and returns the process exit code. */
export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = commands[name];
  if (!command) {
    err.write(`unknown command "${name}"\n\n${usage()}`);
    return 64;
  }
  if (name === 'help') {
    out.write(usage());
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

function usage(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage.padEnd(44)} ${c.description}`);
  return `Usage: quorra <command>\n\n${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== 0 || !['serve', 'diagnostics'].includes(process.argv[2] ?? '')) process.exitCode = code;
  });
}
