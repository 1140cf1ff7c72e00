// The command line's help and usage texts, and the check of a command's flags before it runs.
import { parseArgs } from 'node:util';
import { type CliCommand, type CliFlag, commands } from './commands.ts';
import { pluginCliCommands } from './plugin-commands.ts';

/** A command as the CLI runs it; a plugin's that declares no flags parses its own, so its flags are not checked. */
export type AnyCommand = CliCommand & { ownFlags?: boolean };

/** Core's commands, plus the plugins' when `name` is not one of core's (so `quorra serve` loads no plugin early). */
export async function allCommands(name?: string): Promise<Record<string, AnyCommand>> {
  if (name && name !== 'help' && Object.hasOwn(commands, name)) return commands;
  const fromPlugins = (await pluginCliCommands()).map((c) => [
    c.name,
    { usage: [c.usage], description: c.description, flags: [], ownFlags: true, run: c.run },
  ]);
  return { ...Object.fromEntries(fromPlugins), ...commands };
}

/** `quorra --help`: every command with one line each. */
export async function usage(): Promise<string> {
  const lines = Object.entries(await allCommands()).map(
    ([name, c]) => `  ${name.padEnd(12)} ${c.description}`,
  );
  return `Usage: quorra <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun \`quorra <command> --help\` for a command's options.\n`;
}

/** The usage line(s) of one command, as an error repeats them. */
export function usageLines(cmd: CliCommand): string {
  return cmd.usage.map((u, i) => `${i ? '       ' : 'Usage: '}quorra ${u}`).join('\n');
}

/** `quorra <command> --help`. */
export function commandHelp(_name: string, cmd: CliCommand): string {
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
export function checkFlags(cmd: CliCommand & { ownFlags?: boolean }, args: string[]): void {
  if (cmd.ownFlags) return;
  const options = Object.fromEntries(
    cmd.flags.map((f) => [
      f.name,
      { type: f.value ? ('string' as const) : ('boolean' as const), multiple: f.multiple ?? false },
    ]),
  );
  parseArgs({ args, options, allowPositionals: true, strict: true });
}

/** The closest command name to a mistyped one, for "did you mean". */
export async function closestCommand(name: string): Promise<string | undefined> {
  let best: { name: string; d: number } | undefined;
  for (const candidate of Object.keys(await allCommands())) {
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
