// Which tools a turn may use: the session's scope ∩ each tool's scopes ('*' = every scope) ∩ the persona's allow-list ∩ a child's reach ∩ availability.

import { childMayUse } from '../auth/child-reach.ts';
import { inAudience, type ToolDefinition } from '../contracts/define-tool.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Persona } from './personas.ts';

/** The tools offered on a turn; a pre-commit session (scope null) gets none. */
export function offeredTools(
  all: readonly ToolDefinition<any>[],
  scope: string[] | null,
  persona: Persona,
  turn: { principal?: Principal; workspace: string | null } = { workspace: null },
): ToolDefinition<any>[] {
  if (!scope?.length) return [];
  return all.filter(
    (t) =>
      (t.scopes.includes('*') || t.scopes.some((s) => scope.includes(s))) &&
      (persona.allowTools === undefined ||
        persona.allowTools.includes(t.name) ||
        t.personaAllows?.(persona.id, turn.workspace) === true) &&
      // a child's reach is the person's, not the session's: the same in every room and every persona
      (turn.principal?.kind !== 'user' ||
        turn.principal.child === undefined ||
        childMayUse(t, turn.principal.child.tools)) &&
      (t.audience === undefined || inAudience(t.audience, turn.principal)) &&
      (t.available === undefined || t.available({ principal: turn.principal, workspace: turn.workspace })),
  );
}
