// A tool is plain data: name, description, tier, scopes, zod input and a run function.
import type { z } from 'zod';
import type { Principal } from '../auth/principal.ts';
import type { Logger } from '../logger.ts';

/** Permission tiers: 0 read-only, 1 low-risk write (audited), 2 destructive/external (confirmed first). */
export type ToolTier = 0 | 1 | 2;

/** What a tool sees of the turn that called it. */
export interface ToolContext {
  logger: Logger;
  /** The principal on whose behalf the tool runs (set by the engine). */
  principal?: Principal;
  sessionId?: string;
  workspace?: string | null;
  signal?: AbortSignal;
}

/** A tool as registered: its input is validated with `input` before `run` is called. */
export interface ToolDefinition<I extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  tier: ToolTier;
  /** The capability surfaces (session scopes) this tool belongs to. */
  scopes: string[];
  input: I;
  /**
   * Narrows who is offered the tool beyond scopes (e.g. owner only, only inside a workspace).
   * It runs in the tool gate, so a tool it rejects is unreachable, not merely refused.
   */
  available?: (turn: { principal: ToolContext['principal']; workspace: string | null }) => boolean;
  /** For tier 2: a one-line description of what confirming will do, shown to the user. */
  describe?: (input: z.infer<I>) => string;
  run(input: z.infer<I>, ctx: ToolContext): unknown | Promise<unknown>;
}

const toolName = /^[a-z][a-z0-9_]{1,63}$/;

/** Declares a tool; checks the name and tier once, at definition time. */
export function defineTool<I extends z.ZodType>(tool: ToolDefinition<I>): ToolDefinition<I> {
  if (!toolName.test(tool.name)) throw new Error(`tool name "${tool.name}" must be snake_case [a-z0-9_]`);
  if (![0, 1, 2].includes(tool.tier)) throw new Error(`tool "${tool.name}" has an invalid tier ${tool.tier}`);
  if (tool.scopes.length === 0) throw new Error(`tool "${tool.name}" declares no scopes`);
  return Object.freeze({ ...tool, scopes: Object.freeze([...tool.scopes]) as string[] });
}
