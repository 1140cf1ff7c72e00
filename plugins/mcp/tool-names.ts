// MCP tool names made safe for Quorra and the model: `<server>_<tool>` in [a-z0-9_], at most 64 characters.
import { createHash } from 'node:crypto';
import { cleanText } from './untrusted-text.ts';

const MAX = 64;

/** A server's tool name as snake_case ASCII (`HassTurnOn` → `hass_turn_on`, `get-sum` → `get_sum`). */
export function snakeName(raw: string): string {
  return cleanText(raw)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const shortHash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 6);

/**
 * The Quorra name of a server's tool: namespaced by the server id (which has no `_`, so the split is unambiguous),
 * a hash suffix when the name had to be cut or nothing usable was left, and one when `taken` already has it.
 */
export function quorraToolName(
  serverId: string,
  raw: string,
  taken: ReadonlySet<string> = new Set(),
): string {
  const base = snakeName(raw);
  let name = `${serverId}_${base || `tool_${shortHash(raw)}`}`;
  if (name.length > MAX) name = `${name.slice(0, MAX - 7).replace(/_+$/, '')}_${shortHash(raw)}`;
  if (taken.has(name)) name = `${name.slice(0, MAX - 7).replace(/_+$/, '')}_${shortHash(`${raw}\u0000dup`)}`;
  return name;
}
