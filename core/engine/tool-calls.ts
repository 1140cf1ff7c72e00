// Runs one registered tool as a person outside a conversation (an approved proposal): the gate's checks, validation and audit as for a model's call.
import { childMayAsk, childMayUse } from '../auth/child-reach.ts';
import { principalOf, type UserStore } from '../auth/user-store.ts';
import { inAudience, type ToolDefinition } from '../contracts/define-tool.ts';
import type { Registry } from '../contracts/registry.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { ToolRunner } from './tool-runner.ts';

/** Who a call runs for (a household user, with their current role); `sessionId` names the thing that asked (it lands in the audit trail). */
export interface ToolCallAs {
  userId: string;
  workspace?: string | null;
  sessionId: string;
  /** A parent approved this for a child: the child's list gives way, the floor (no money, no deletions) does not. */
  parentApproved?: boolean;
}

/** A call's outcome: the tool's result text, or why it did not run or failed. */
export type ToolCallResult =
  | { ok: true; content: string }
  | { ok: false; reason: 'absent' | 'unavailable' | 'invalid' | 'error'; message: string };

/** Calls registered tools directly; a person's approval stands in for a tier-2 confirmation. */
export class ToolCalls {
  constructor(
    private readonly tools: Registry<ToolDefinition<any>>,
    private readonly runner: ToolRunner,
    private readonly users: UserStore,
    private readonly hooks: EngineHooks,
  ) {}

  /** Whether a child may ask a parent for this tool (it exists and is not money, owner-only or a deletion). */
  askable(name: string): boolean {
    const tool = this.tools.get(name);
    return tool !== undefined && childMayAsk(tool);
  }

  /** Whether a tool of that name is registered (its plugin is enabled). */
  has(name: string): boolean {
    return this.tools.has(name);
  }

  async call(name: string, input: unknown, as: ToolCallAs): Promise<ToolCallResult> {
    const tool = this.tools.get(name);
    if (!tool)
      return { ok: false, reason: 'absent', message: `${name} is not available (its plugin is off)` };
    const user = await this.users.get(as.userId);
    if (!user) return { ok: false, reason: 'unavailable', message: 'no such person' };
    const principal = principalOf(user);
    // a child's reach holds outside conversations too (their own approved jots, a parent's yes to a request)
    if (
      principal.child &&
      !(as.parentApproved ? childMayAsk(tool) : childMayUse(tool, principal.child.tools))
    )
      return {
        ok: false,
        reason: 'unavailable',
        message: `${name} is not within ${user.displayName}'s reach`,
      };
    const workspace = as.workspace ?? null;
    if (
      (tool.audience !== undefined && !inAudience(tool.audience, principal)) ||
      (tool.available && !tool.available({ principal, workspace }))
    )
      return { ok: false, reason: 'unavailable', message: `${name} is not available to this person here` };
    // a workspace the person may not use (never granted, or revoked since the proposal was made) stays shut here too
    if (workspace && !(await this.admitted(principal, workspace)))
      return { ok: false, reason: 'unavailable', message: `${user.displayName} may not use that workspace` };
    const parsed = tool.input.safeParse(input);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map(
          (i: { path: PropertyKey[]; message: string }) =>
            `${i.path.map(String).join('.') || '(input)'}: ${i.message}`,
        )
        .join('; ');
      return { ok: false, reason: 'invalid', message: problems };
    }
    const scope = { offered: [tool], principal, sessionId: as.sessionId, workspace };
    const out = await this.runner.execute(tool, parsed.data, scope, tool.tier === 2);
    return out.outcome === 'ok'
      ? { ok: true, content: out.content }
      : { ok: false, reason: 'error', message: out.content };
  }

  private async admitted(principal: ReturnType<typeof principalOf>, workspace: string): Promise<boolean> {
    try {
      for (const admit of this.hooks.at('admitWorkspace')) await admit(principal, workspace);
      return true;
    } catch {
      return false;
    }
  }
}
