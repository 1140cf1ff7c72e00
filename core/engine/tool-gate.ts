// Which tools a turn may use: the session's scope ∩ each tool's scopes ('*' = every scope) ∩ the persona's allow-list ∩ availability.

import { inAudience, type ToolDefinition } from '../contracts/define-tool.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Persona } from './personas.ts';

/** The tools offered on a turn; a pre-commit session (scope null) gets none. */
export function offeredTools(
  all: ToolDefinition<any>[],
  scope: string[] | null,
  persona: Persona,
  turn: { principal?: Principal; workspace: string | null } = { workspace: null },
): ToolDefinition<any>[] {
  if (!scope?.length) return [];
  return all.filter(
    (t) =>
      (t.scopes.includes('*') || t.scopes.some((s) => scope.includes(s))) &&
      (persona.allowTools === undefined || persona.allowTools.includes(t.name)) &&
      (t.audience === undefined || inAudience(t.audience, turn.principal)) &&
      (t.available === undefined || t.available({ principal: turn.principal, workspace: turn.workspace })),
  );
}
