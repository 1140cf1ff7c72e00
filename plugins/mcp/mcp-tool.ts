// A server's tool as a Quorra tool: namespaced name, framed description, tier and audience under the owner's rules.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { defineTool, isOwner, isUser, type ToolDefinition } from 'quorra/plugin';
import { z } from 'zod';
import { resultText } from './mcp-result.ts';
import type { McpServerSettings, ToolRule } from './mcp-settings.ts';
import type { ServerConnection } from './server-connection.ts';
import { capText, cleanText, frame } from './untrusted-text.ts';

const MAX_DESCRIPTION = 400;
const MAX_SCHEMA_CHARS = 20_000;
const MAX_ARGS_IN_WORDS = 400;

/** The tier the server's annotations suggest: read-only 0, destructive 2, anything else 1. */
export function tierFromAnnotations(tool: Tool): ToolDefinition['tier'] {
  if (tool.annotations?.readOnlyHint === true) return 0;
  if (tool.annotations?.destructiveHint === true) return 2;
  return 1;
}

/** The owner's rule for a tool, found by the server's name or Quorra's. */
export function ruleFor(server: McpServerSettings, raw: string, name: string): ToolRule | undefined {
  return server.tools[raw] ?? server.tools[name];
}

/** A JSON Schema with every description and title cleaned and capped (they reach the model too). */
function cleanSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(cleanSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'description' || k === 'title') && typeof v === 'string') out[k] = capText(cleanText(v), 200);
    else out[k] = cleanSchema(v);
  }
  return out;
}

/** The zod input for a server's JSON Schema; a schema too large or unreadable refuses the tool (null). */
export function inputFor(tool: Tool): z.ZodType | null {
  const schema = cleanSchema(tool.inputSchema) as Record<string, unknown>;
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) return null;
  try {
    const input = z.fromJSONSchema({ ...schema, type: 'object' } as never);
    z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' });
    return input;
  } catch {
    return null;
  }
}

/** The arguments in words for a confirmation: `entity_id "lock.front_door", code 1234`. */
export function argumentsInWords(input: unknown): string {
  const entries = Object.entries((input ?? {}) as Record<string, unknown>);
  if (!entries.length) return 'no details';
  const words = entries
    .map(
      ([k, v]) =>
        `${cleanText(k)} ${typeof v === 'string' ? `“${cleanText(v)}”` : cleanText(JSON.stringify(v))}`,
    )
    .join(', ');
  return capText(words, MAX_ARGS_IN_WORDS);
}

/** Builds the Quorra tool, or null when its schema cannot be offered safely. */
export function mcpTool(
  server: McpServerSettings,
  connection: ServerConnection,
  tool: Tool,
  name: string,
): ToolDefinition<any> | null {
  const input = inputFor(tool);
  if (!input) return null;
  const rule = ruleFor(server, tool.name, name);
  const said = capText(cleanText(tool.description ?? tool.title ?? ''), MAX_DESCRIPTION);
  const source = `the service “${server.label}”`;
  const audience = rule?.audience ?? server.audience;
  const tier = rule?.tier ?? tierFromAnnotations(tool);
  // guests only where the owner named the workspace, and only for a tool that just looks things up
  const guestIn = tier === 0 ? (rule?.guestWorkspaces ?? []) : [];
  return defineTool({
    name,
    description: `A tool of ${server.label}. ${frame(source, said || '(no description)')}`,
    tier,
    scopes: [server.scope],
    input,
    ...(guestIn.length
      ? {
          available: ({ principal, workspace }) =>
            principal?.kind === 'reservation'
              ? workspace !== null && guestIn.includes(workspace)
              : audience === 'owner'
                ? isOwner(principal)
                : isUser(principal),
          personaAllows: (persona, workspace) =>
            persona === 'guest-concierge' && workspace !== null && guestIn.includes(workspace),
        }
      : { audience }),
    describe: (args) => `use ${name} on ${server.label} with ${argumentsInWords(args)}`,
    async run(args, ctx) {
      const result = await connection.call(tool.name, args as Record<string, unknown>, ctx.signal);
      const { text, isError } = resultText(result, server.maxResultChars);
      const framed = frame(`${source} (tool ${name})`, text);
      if (isError) throw new Error(`${server.label} reported an error:\n${framed}`);
      return framed;
    },
  });
}
