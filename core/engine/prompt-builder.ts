// Composes the system prompt in its fixed order: base → scopes → mode (+ entry context) → core memories → purpose → origin style.

/** The parts of a system prompt; each optional part is left out when empty. */
export interface PromptParts {
  base: string;
  scopes: string[];
  mode?: string;
  modeEntryContext?: string;
  coreMemories?: string[];
  /** Extra context sections (e.g. the user's workspaces), placed after core memories. */
  context?: string[];
  purpose?: string | null;
  originStyle?: string;
}

/** Joins the parts in order with blank lines between sections. */
export function buildSystemPrompt(p: PromptParts): string {
  const sections: string[] = [p.base, ...p.scopes];
  if (p.mode) sections.push(p.mode);
  if (p.modeEntryContext) sections.push(`## Mode context\n${p.modeEntryContext}`);
  if (p.coreMemories?.length)
    sections.push(`## What you know (core memories)\n${p.coreMemories.map((m) => `- ${m}`).join('\n')}`);
  for (const c of p.context ?? []) if (c.trim()) sections.push(c);
  if (p.purpose) sections.push(`## Purpose of this conversation\n${p.purpose}`);
  if (p.originStyle) sections.push(p.originStyle);
  return sections.map((s) => s.trim()).join('\n\n');
}
