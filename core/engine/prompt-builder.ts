// Composes the system prompt in two parts: what every person shares first, what is this person's and turn's after.

/** The parts of a system prompt; each optional part is left out when empty. */
export interface PromptParts {
  base: string;
  scopes: string[];
  mode?: string;
  modeEntryContext?: string;
  /** Core memories about the whole household: the same for everyone, so part of the shared prefix. */
  householdMemories?: string[];
  /** Core memories about the person speaking. */
  coreMemories?: string[];
  /** Extra context sections (e.g. the user's workspaces), placed after the person's core memories. */
  context?: string[];
  purpose?: string | null;
  originStyle?: string;
}

/** The system prompt as two messages' texts; `personal` is empty when there is nothing of the person or turn. */
export interface SystemPrompt {
  /**
   * Base identity → scopes → origin style → mode → household core memories. Nothing in it depends on who speaks
   * or when, so the model's cached evaluation of it (and of the tool schemas rendered after it) serves every turn
   * of every person in the scope: no names, no times, no per-turn text up here.
   */
  shared: string;
  /** The person's core memories → context → mode entry context → purpose. */
  personal: string;
}

const join = (sections: Array<string | undefined>) =>
  sections
    .filter((s): s is string => !!s?.trim())
    .map((s) => s.trim())
    .join('\n\n');

/** Joins each part's sections in order with blank lines between them. */
export function buildSystemPrompt(p: PromptParts): SystemPrompt {
  const list = (title: string, lines?: string[]) =>
    lines?.length ? `## ${title}\n${lines.map((m) => `- ${m}`).join('\n')}` : undefined;
  return {
    shared: join([
      p.base,
      ...p.scopes,
      p.originStyle,
      p.mode,
      list('What you know about the household (core memories)', p.householdMemories),
    ]),
    personal: join([
      list('What you know (core memories)', p.coreMemories),
      ...(p.context ?? []),
      p.modeEntryContext ? `## Mode context\n${p.modeEntryContext}` : undefined,
      p.purpose ? `## Purpose of this conversation\n${p.purpose}` : undefined,
    ]),
  };
}
