// The command line's help and usage texts, and the check of a command's flags before it runs.
import { parseArgs } from 'node:util';
import { type CliCommand, type CliFlag, commands } from './commands.ts';

/** `quorra --help`: every command with one line each. */
export function usage(): string {
  const lines = Object.values(commands).map(
    (c) => `  ${c.usage[0].split(' ')[0].padEnd(12)} ${c.description}`,
  );
  return `Usage: quorra <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun \`quorra <command> --help\` for a command's options.\n`;
}

/** The usage line(s) of one command, as an error repeats them. */
export function usageLines(cmd: CliCommand): string {
  return cmd.usage.map((u, i) => `${i ? '       ' : 'Usage: '}quorra ${u}`).join('\n');
}

/** `quorra <command> --help`. */
export function commandHelp(cmd: CliCommand): string {
  const flags = [...cmd.flags, { name: 'help', about: 'show this help' } as CliFlag];
  const rows = flags.map((f) => {
    const left = `${f.name === 'help' ? '-h, ' : '    '}--${f.name}${f.value ? ` ${f.value}` : ''}`;
    return `  ${left.padEnd(34)} ${f.about}`;
  });
  return `${usageLines(cmd)}\n\n${cmd.description}\n\nOptions:\n${rows.join('\n')}\n`;
}

/** Whether the arguments ask for help (before a `--`, which ends the options). */
export function wantsHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Throws parseArgs' own error (an unknown flag, a missing value) unless every flag is one the command declares. */
export function checkFlags(cmd: CliCommand, args: string[]): void {
  const options = Object.fromEntries(
    cmd.flags.map((f) => [
      f.name,
      { type: f.value ? ('string' as const) : ('boolean' as const), multiple: f.multiple ?? false },
    ]),
  );
  parseArgs({ args, options, allowPositionals: true, strict: true });
}

/** The closest command name to a mistyped one, for "did you mean". */
export function closestCommand(name: string): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of Object.keys(commands)) {
    const d = editDistance(name, candidate);
    if (d <= 2 && (!best || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

/** Levenshtein distance, for suggestions. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
