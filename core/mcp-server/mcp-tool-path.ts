// The engine's tool path for the /mcp surface: a person's tools and calls under the same gate, seals, tiers and audit.
import { randomUUID } from 'node:crypto';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import type { UserPrincipal } from '../contracts/principal.ts';
import type { Engine } from '../engine/engine.ts';

/** The scope an MCP client's calls run in: the household's everyday tools (memory, lists, reminders, calendar, knowledge). */
export const MCP_SCOPE = ['general'];

/** A call's outcome: the tool's text, or a confirmation the person answers in Matrix or the admin UI. */
export type McpCallOutcome =
  | { kind: 'result'; text: string; isError: boolean }
  | { kind: 'confirm'; confirmationId: string; sessionId: string; description: string; text: string };

export class McpToolPath {
  constructor(private readonly engine: Engine) {}

  private async turn(principal: UserPrincipal, message: string) {
    const { session } = await this.engine.resolveSession({ principal, message, scope: MCP_SCOPE });
    const offered = await this.engine.offeredFor(principal, session, message);
    return { session, offered };
  }

  /** The tools this person is offered in the MCP scope. */
  async list(principal: UserPrincipal): Promise<ToolDefinition<any>[]> {
    return (await this.turn(principal, 'list tools')).offered;
  }

  /** Runs one call through the engine's runner; a tier-2 call is saved as a confirmation on a session of its own. */
  async call(principal: UserPrincipal, name: string, args: unknown): Promise<McpCallOutcome> {
    const message = `An app connected over MCP asked to run ${name}.`;
    const { session, offered } = await this.turn(principal, message);
    const outcome = await this.engine.deps.runner.run(
      { id: randomUUID(), name, arguments: JSON.stringify(args ?? {}) },
      { offered, principal, sessionId: session.id, workspace: session.workspace },
    );
    if (outcome.kind === 'result')
      return { kind: 'result', text: outcome.content, isError: outcome.outcome !== 'ok' };
    const c = outcome.confirmation;
    const text = `Before I ${c.description}, I need your confirmation. Answer it on the admin page's Approvals, or reply yes in that conversation.`;
    await this.engine.commit({ principal, message }, session, message, { reply: text, confirmation: c });
    return { kind: 'confirm', confirmationId: c.id, sessionId: session.id, description: c.description, text };
  }
}
