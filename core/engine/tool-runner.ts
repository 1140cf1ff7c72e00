// Runs one tool call under the gate: refuse what is not offered, validate input, apply the tier rules.
import { ZodError } from 'zod';
import type { ToolContext, ToolDefinition } from '../contracts/define-tool.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { issueLines } from '../text/issue-lines.ts';
import type { AuditLog } from './audit-log.ts';
import type { Confirmation } from './confirmation.entity.ts';
import { confirmationCounter } from './confirmation-metrics.ts';
import type { ConfirmationStore } from './confirmation-store.ts';

/** A call as the model made it (native or recovered from text). */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

/** What a call led to: text for the model, or a confirmation the user must give first. */
export type ToolOutcome =
  | { kind: 'result'; content: string; outcome: 'ok' | 'error' | 'refused' | 'invalid' | 'unknown' }
  | { kind: 'confirm'; confirmation: Confirmation };

/** The turn a call belongs to. */
export interface CallScope {
  offered: ToolDefinition<any>[];
  principal: Principal;
  sessionId: string;
  workspace: string | null;
  signal?: AbortSignal;
  /** Values a surface adds to every ToolContext (e.g. the room a Matrix turn came from). */
  extras?: Record<string, unknown>;
}

const MAX_RESULT_CHARS = 8000;

function stringify(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return s.length > MAX_RESULT_CHARS ? `${s.slice(0, MAX_RESULT_CHARS)}… [truncated]` : s;
}

/** Executes tool calls for the engine; every call is counted and tier 1+ is audited. */
export class ToolRunner {
  private readonly calls;
  private readonly drafted;
  private readonly toolLoggers = new WeakMap<ToolDefinition<any>, Logger>();

  constructor(
    private readonly registry: Registry<ToolDefinition<any>>,
    readonly audit: AuditLog,
    private readonly confirmations: ConfirmationStore,
    private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.calls = metrics.counter('quorra_engine_tool_calls_total', 'Tool calls by tool and outcome', [
      'tool',
      'outcome',
    ]);
    this.drafted = confirmationCounter(metrics);
  }

  private userId(p: Principal): string | null {
    return p.kind === 'user' ? p.userId : null;
  }

  /** Handles one call; never throws for anything the model did. */
  async run(call: ToolCallRequest, scope: CallScope): Promise<ToolOutcome> {
    const tool = scope.offered.find((t) => t.name === call.name);
    if (!tool) {
      const available = scope.offered.map((t) => t.name).join(', ') || 'none';
      const known = this.registry.has(call.name);
      this.calls.inc({ tool: known ? call.name : 'unknown', outcome: known ? 'refused' : 'unknown' });
      if (known) {
        // a real tool outside this turn's set: structurally unreachable, and worth a record
        this.logger.warn(
          { tool: call.name, session: scope.sessionId },
          'refused a tool call outside the offered set',
        );
        await this.audit.record({
          userId: this.userId(scope.principal),
          sessionId: scope.sessionId,
          tool: call.name,
          tier: this.registry.get(call.name)!.tier,
          input: call.arguments,
          outcome: 'refused',
          detail: 'not offered in this session',
        });
        return {
          kind: 'result',
          outcome: 'refused',
          content: `Tool "${call.name}" is not available in this conversation. Available tools: ${available}.`,
        };
      }
      return {
        kind: 'result',
        outcome: 'unknown',
        content: `There is no tool named "${call.name}". Available tools: ${available}.`,
      };
    }
    let raw: unknown;
    try {
      raw = call.arguments.trim() ? JSON.parse(call.arguments) : {};
    } catch (err) {
      this.calls.inc({ tool: tool.name, outcome: 'invalid' });
      return {
        kind: 'result',
        outcome: 'invalid',
        content: `The arguments for ${tool.name} are not valid JSON (${(err as Error).message}). Call it again with a JSON object.`,
      };
    }
    const parsed = tool.input.safeParse(raw);
    if (!parsed.success) {
      this.calls.inc({ tool: tool.name, outcome: 'invalid' });
      const lines = issueLines(parsed.error).map((l) => `- ${l}`);
      return {
        kind: 'result',
        outcome: 'invalid',
        content: `Invalid arguments for ${tool.name}:\n${lines.join('\n')}\nCall it again with valid arguments.`,
      };
    }
    if (tool.tier === 2) {
      if (scope.principal.kind !== 'user') {
        return {
          kind: 'result',
          outcome: 'refused',
          content: `${tool.name} needs the owner's confirmation and cannot run here.`,
        };
      }
      // the preview reads under the caller's own context: a row they cannot read ends here, undrafted
      let description: string;
      try {
        description =
          (await tool.describe?.(parsed.data, this.context(tool, scope))) ??
          `run ${tool.name} with ${JSON.stringify(parsed.data)}`;
      } catch (err) {
        this.calls.inc({ tool: tool.name, outcome: 'error' });
        return {
          kind: 'result',
          outcome: 'error',
          content: `${tool.name} failed: ${(err as Error).message ?? String(err)}`,
        };
      }
      const confirmation = this.confirmations.draft({
        sessionId: scope.sessionId,
        userId: scope.principal.userId,
        toolName: tool.name,
        input: parsed.data,
        description,
      });
      this.calls.inc({ tool: tool.name, outcome: 'drafted' });
      this.drafted.inc({ outcome: 'drafted' });
      await this.audit.record({
        userId: scope.principal.userId,
        sessionId: scope.sessionId,
        tool: tool.name,
        tier: 2,
        input: parsed.data,
        outcome: 'drafted',
        detail: description,
      });
      return { kind: 'confirm', confirmation };
    }
    return this.execute(tool, parsed.data, scope);
  }

  /** A tool's own logger, made once per definition: a pino child sets up its bindings and redaction anew each time. */
  private toolLogger(tool: ToolDefinition<any>): Logger {
    let logger = this.toolLoggers.get(tool);
    if (!logger) {
      logger = this.logger.child({ tool: tool.name });
      this.toolLoggers.set(tool, logger);
    }
    return logger;
  }

  /** What a tool's run and preview see of the turn. */
  private context(tool: ToolDefinition<any>, scope: CallScope): ToolContext & Record<string, unknown> {
    return {
      logger: this.toolLogger(tool),
      principal: scope.principal,
      sessionId: scope.sessionId,
      workspace: scope.workspace,
      signal: scope.signal,
      ...scope.extras,
    };
  }

  /** Runs a validated call (tier 2 only after confirmation); failures go back to the model as text. */
  async execute(
    tool: ToolDefinition<any>,
    input: unknown,
    scope: CallScope,
    confirmed = false,
  ): Promise<ToolOutcome & { kind: 'result' }> {
    const ctx = this.context(tool, scope);
    const audit = (outcome: 'ok' | 'error' | 'confirmed', detail = '') =>
      tool.tier >= 1
        ? this.audit.record({
            userId: this.userId(scope.principal),
            sessionId: scope.sessionId,
            tool: tool.name,
            tier: tool.tier,
            input,
            outcome,
            detail,
          })
        : undefined;
    try {
      const result = await tool.run(input, ctx);
      this.calls.inc({ tool: tool.name, outcome: 'ok' });
      await audit(confirmed ? 'confirmed' : 'ok');
      return { kind: 'result', outcome: 'ok', content: stringify(result) };
    } catch (err) {
      this.calls.inc({ tool: tool.name, outcome: 'error' });
      // a schema deeper down (a store's) failing is still a readable list for the model, never a dump
      const message =
        err instanceof ZodError
          ? `invalid input:\n${issueLines(err)
              .map((l) => `- ${l}`)
              .join('\n')}`
          : ((err as Error).message ?? String(err));
      this.logger.warn({ tool: tool.name, err }, 'tool call failed');
      await audit('error', message);
      return { kind: 'result', outcome: 'error', content: `${tool.name} failed: ${message}` };
    }
  }
}
