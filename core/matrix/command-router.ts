// Bang-commands: parse `!quorra <name> …`, check permission, run the registered command; usage lines on misuse.

import type { CommandAnswer, CommandContext, CommandDefinition } from '../contracts/contributions.ts';
import { CommandUsageError } from '../contracts/contributions.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Logger } from '../logger.ts';

/** Every bang-command starts with this word. */
export const COMMAND_PREFIX = '!quorra';

/** A parsed command: its word and the whitespace-separated arguments. */
export interface ParsedCommand {
  name: string;
  args: string[];
  /** Everything after the command word, spacing and line breaks kept (a jot's text). */
  argsText?: string;
}

/** What a command sees when it runs from Matrix: the core context plus the room's resolved scope. */
export interface MatrixCommandContext extends CommandContext {
  /** The scope a new session in this room would lock to (undefined: derived from the workspace). */
  roomScope?: string[];
}

export { CommandUsageError };

/** Parses `!quorra <name> [args…]` (bare `!quorra` is help) and the `!note <text>` shorthand; null when the text is not a command. */
export function parseCommand(text: string): ParsedCommand | null {
  const trimmed = text.trim();
  // most messages are not commands: no regex run for them (≈ 30 µs per message in situ)
  if (!trimmed.startsWith('!')) return null;
  const note = /^!note(?:\s+([\s\S]*))?$/i.exec(trimmed);
  if (note) {
    const argsText = (note[1] ?? '').trim();
    return { name: 'note', args: argsText ? argsText.split(/\s+/) : [], argsText };
  }
  const m = /^!quorra(?:\s+([\s\S]*))?$/i.exec(trimmed);
  if (!m) return null;
  const rest = (m[1] ?? '').trim();
  if (!rest) return { name: 'help', args: [], argsText: '' };
  const [name, ...args] = rest.split(/\s+/);
  return { name: name.toLowerCase(), args, argsText: rest.slice(name.length).trim() };
}

/** The usage line of a command, always starting with `!quorra`. */
export function usageLine(def: Pick<CommandDefinition, 'name' | 'usage'>): string {
  const usage = def.usage?.trim() || def.name;
  return usage.toLowerCase().startsWith(COMMAND_PREFIX) ? usage : `${COMMAND_PREFIX} ${usage}`;
}

/** Whether a role may run a command. */
export function mayRun(def: Pick<CommandDefinition, 'permission'>, role: CommandContext['role']): boolean {
  return def.permission === 'member' || role === 'owner';
}

/** The help text, generated from the registry: the commands this role may run. */
export function helpText(registry: Registry<CommandDefinition>, role: CommandContext['role']): string {
  const lines = registry
    .list()
    .filter((d) => mayRun(d, role))
    .map((d) => `- \`${usageLine(d)}\` — ${d.description}${d.permission === 'owner' ? ' (owner)' : ''}`);
  return `**Commands**\n${lines.join('\n')}`;
}

/** Runs a parsed command for a caller; every outcome is a short reply, nothing reaches the model. */
export async function runCommand(
  registry: Registry<CommandDefinition>,
  cmd: ParsedCommand,
  ctx: MatrixCommandContext,
  logger?: Logger,
): Promise<CommandAnswer> {
  const def = registry.get(cmd.name);
  if (!def) return `Unknown command \`${cmd.name}\`. Try \`${COMMAND_PREFIX} help\`.`;
  if (!mayRun(def, ctx.role)) return `Only the owner can use \`${COMMAND_PREFIX} ${def.name}\`.`;
  try {
    const text = await def.run(cmd.args, { ...ctx, argsText: cmd.argsText });
    return def.acknowledge ? { react: def.acknowledge } : text;
  } catch (err) {
    if (err instanceof CommandUsageError)
      return `${err.message ? `${err.message} ` : ''}Usage: \`${usageLine(def)}\``;
    if (err instanceof QuorraError) return `${capitalise(err.message)}. Usage: \`${usageLine(def)}\``;
    logger?.error({ err, command: def.name }, 'bang-command failed');
    return `Sorry — \`${COMMAND_PREFIX} ${def.name}\` failed on my side.`;
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
