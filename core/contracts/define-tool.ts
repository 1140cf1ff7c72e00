// A tool is plain data: name, description, tier, scopes, zod input and a run function.

import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Principal, ReservationPrincipal, UserPrincipal } from './principal.ts';

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

/**
 * Who a tool is for, checked by the gate: `household` (any member), `owner`, or `guest` (a reservation).
 * A tool for more than one names them all (`['household', 'guest']`). With an audience, `run` gets that
 * principal, never undefined: no second narrowing inside the tool.
 */
export type ToolAudience = 'household' | 'owner' | 'guest';
export type AudienceSpec = ToolAudience | readonly ToolAudience[];

type PrincipalOf<A> = A extends 'guest' ? ReservationPrincipal : UserPrincipal;

/** The context `run` gets: the principal is typed by the tool's audience. */
export type RunContext<A> = A extends readonly (infer E)[]
  ? ToolContext & { principal: PrincipalOf<E> }
  : A extends ToolAudience
    ? ToolContext & { principal: PrincipalOf<A> }
    : ToolContext;

/** The audience as a list, for tables and checks. */
export function audienceList(audience: AudienceSpec | undefined): ToolAudience[] {
  return audience === undefined ? [] : typeof audience === 'string' ? [audience] : [...audience];
}

/** True when the principal is in the audience. */
export function inAudience(audience: AudienceSpec, p: Principal | undefined): boolean {
  return audienceList(audience).some((a) =>
    a === 'guest'
      ? p?.kind === 'reservation'
      : p?.kind === 'user' && (a === 'household' || p.role === 'owner'),
  );
}

/** A tool as registered: its input is validated with `input` before `run` is called. */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, A extends AudienceSpec | undefined = any> {
  name: string;
  description: string;
  /**
   * A few requests as people type them ("remind me to call mum at 5"), which the turn's tool selection matches
   * against the conversation; optional, the name and description are matched either way.
   */
  examples?: readonly string[];
  tier: ToolTier;
  /** The capability surfaces (session scopes) this tool belongs to. */
  scopes: string[];
  /** Who may be offered the tool; see ToolAudience. Required from tier 1 (checked here and at registration). */
  audience?: A;
  input: I;
  /**
   * Narrows who is offered the tool beyond scopes (e.g. owner only, only inside a workspace).
   * It runs in the tool gate, so a tool it rejects is unreachable, not merely refused.
   */
  available?: (turn: { principal: ToolContext['principal']; workspace: string | null }) => boolean;
  /**
   * Lets a persona with an allow-list (the guest concierge) be offered this tool although the list does not name
   * it, where this says so (an owner allowed one MCP tool for one hosting workspace). Only ever widens for a named
   * persona and workspace; the audience and `available` still apply.
   */
  personaAllows?: (persona: string, workspace: string | null) => boolean;
  /**
   * For tier 2: a one-line description of what confirming will do, shown to the user. It reads stored rows
   * under the caller's own context, as `run` would: a row they cannot read throws (not found), and no
   * confirmation is drafted.
   */
  describe?: (input: z.infer<I>, ctx: RunContext<A>) => string | Promise<string>;
  run(input: z.infer<I>, ctx: RunContext<A>): unknown | Promise<unknown>;
}

const toolName = /^[a-z][a-z0-9_]{1,63}$/;

/** Declares a tool; checks the name and tier once, at definition time. */
export function defineTool<I extends z.ZodType, const A extends AudienceSpec | undefined = undefined>(
  tool: ToolDefinition<I, A>,
): ToolDefinition<I, A> {
  if (!toolName.test(tool.name)) throw new Error(`tool name "${tool.name}" must be snake_case [a-z0-9_]`);
  if (![0, 1, 2].includes(tool.tier)) throw new Error(`tool "${tool.name}" has an invalid tier ${tool.tier}`);
  if (tool.scopes.length === 0) throw new Error(`tool "${tool.name}" declares no scopes`);
  assertAudience(tool);
  return Object.freeze({ ...tool, scopes: Object.freeze([...tool.scopes]) as string[] });
}

/** A tool that writes (tier 1+) must say who it is for; an unknown audience name is refused too. */
export function assertAudience(tool: Pick<ToolDefinition<any>, 'name' | 'tier' | 'audience'>): void {
  const list = audienceList(tool.audience);
  const bad = list.filter((a) => !['household', 'owner', 'guest'].includes(a));
  if (bad.length) throw new Error(`tool "${tool.name}" names unknown audience(s) ${bad.join(', ')}`);
  if (tool.tier >= 1 && list.length === 0)
    throw new Error(
      `tool "${tool.name}" (tier ${tool.tier}) must declare its audience: household, owner or guest`,
    );
}
