// Boot check: every scope a tool names must exist — a scope prompt, or another installed plugin's own scope
// (named after it, e.g. knowledge's search in `concierge`) — so a misspelt scope fails instead of hiding the tool.

import type { ToolDefinition } from '../contracts/define-tool.ts';
import { QuorraError } from '../contracts/errors.ts';

/** A tools-registry validator throwing QUORRA_TOOL_UNKNOWN_SCOPE with the known scopes. */
export function toolScopeCheck(knownScopes: () => string[], installedPlugins: string[]) {
  return (tool: ToolDefinition<any>): void => {
    const known = [...new Set([...knownScopes(), ...installedPlugins])].sort();
    const unknown = tool.scopes.filter((s) => s !== '*' && !known.includes(s));
    if (unknown.length)
      throw new QuorraError(
        'QUORRA_TOOL_UNKNOWN_SCOPE',
        `tool "${tool.name}" names unknown scope(s) ${unknown.join(', ')}; known scopes: ${known.join(', ')}`,
        { tool: tool.name, unknown, known },
      );
  };
}
