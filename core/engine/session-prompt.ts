// Assembles a turn's system prompt from the session: persona base, scopes, origin, mode, hooks, purpose.

import type { ModeDefinition } from '../contracts/contributions.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { persona } from './personas.ts';
import { buildSystemPrompt, type SystemPrompt } from './prompt-builder.ts';
import type { PromptLibrary } from './prompt-library.ts';

/** Builds the system prompt for a session's turn; consumes the mode's one-shot entry context. */
export async function sessionPrompt(
  deps: { prompts: PromptLibrary; modes: Registry<ModeDefinition>; hooks: EngineHooks },
  turn: { principal: Principal; session: Session; message: string },
): Promise<SystemPrompt> {
  const { session, principal } = turn;
  const p = persona(session.persona);
  const base = deps.prompts.file(p.basePrompt ?? 'base');
  const scopes = (session.scope ?? []).map((s) => deps.prompts.get('scope', s));
  let mode: string | undefined;
  let modeEntryContext: string | undefined;
  if (session.activeMode) {
    const key = (session.scope ?? []).map((s) => `${s}/${session.activeMode}`).find((k) => deps.modes.has(k));
    if (key) {
      mode = deps.prompts.get('mode', key);
      const def = deps.modes.get(key)!;
      if (session.modeEntryPending && def.entryContext) {
        modeEntryContext = await def.entryContext({
          userId: principal.kind === 'user' ? principal.userId : undefined,
          workspace: session.workspace,
        });
      }
    }
    session.modeEntryPending = false;
  }
  const coreMemories: string[] = [];
  const householdMemories: string[] = [];
  for (const fn of deps.hooks.at('coreMemories'))
    for (const m of await fn(turn)) (m.household ? householdMemories : coreMemories).push(m.text);
  const context: string[] = [];
  for (const fn of deps.hooks.at('context')) {
    const section = await fn(turn);
    if (section) context.push(section);
  }
  const originStyle = session.origin ? deps.prompts.find('origin', session.origin) : undefined;
  return buildSystemPrompt({
    base,
    scopes,
    mode,
    modeEntryContext,
    householdMemories,
    coreMemories,
    context,
    purpose: session.purpose,
    originStyle,
  });
}
