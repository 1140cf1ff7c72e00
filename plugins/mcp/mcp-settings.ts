// The mcp plugin's settings: the outside services (MCP servers) Quorra reaches, each bound to one scope.
import { z } from 'zod';

const tier = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const AUDIENCE_WORDS = { household: 'Everyone in the household', owner: 'Owners only' };

/** The owner's rule for one of a server's tools, keyed by the server's own tool name (or Quorra's name for it). */
const toolRule = z
  .object({
    tier: tier
      .optional()
      .meta({
        title: 'Permission level',
        options: {
          0: 'Just looks things up',
          1: 'Changes something (kept in the log)',
          2: 'Asks you first',
        },
      })
      .describe('How careful Quorra is with this tool. Empty: as the service describes it.'),
    audience: z
      .enum(['household', 'owner'])
      .optional()
      .meta({ title: 'Who may use it', options: AUDIENCE_WORDS })
      .describe('Empty: as the service.'),
    enabled: z
      .boolean()
      .default(true)
      .meta({ title: 'Offered' })
      .describe('Off: Quorra never offers this tool.'),
    guestWorkspaces: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a workspace slug like lake-house'))
      .max(20)
      .default([])
      .meta({ title: 'Guests may use it in' })
      .describe(
        'Hosting workspaces whose guests may use this tool (read-only tools only; empty: no guest ever).',
      ),
  })
  .strict();

const server = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,11}$/, 'lowercase letters and digits, starting with a letter, at most 12')
      .meta({ title: 'Short name' })
      .describe('Goes in front of its tool names, e.g. "ha" gives ha_light_turn_on. Never change it later.'),
    label: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .meta({ title: 'Name' })
      .describe('How Quorra calls this service to you, e.g. "Home Assistant".'),
    scope: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'a scope name in lowercase, e.g. "home"')
      .meta({ title: 'Scope' })
      .describe('Rooms mapped to this scope (or workspaces binding it) get its tools; nothing else does.'),
    audience: z
      .enum(['household', 'owner'])
      .default('household')
      .meta({ title: 'Who may use it', options: AUDIENCE_WORDS })
      .describe('Every member of the household, or the owners only.'),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .meta({ title: 'Address' })
      .describe('The Streamable HTTP address, e.g. http://homeassistant.local:8123/api/mcp'),
    token: z
      .string()
      .min(1)
      .optional()
      .meta({ title: 'Access token', secret: true })
      .describe('Sent as "Authorization: Bearer …" (Home Assistant: a long-lived access token).'),
    command: z
      .string()
      .min(1)
      .optional()
      .meta({ title: 'Command' })
      .describe('Instead of an address: a program Quorra starts and talks to over stdio, e.g. npx.'),
    args: z.array(z.string()).default([]).meta({ title: 'Arguments' }).describe('The command’s arguments.'),
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string())
      .default({})
      .meta({ title: 'Environment' })
      .describe('Extra environment variables for the command.'),
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(600)
      .default(30)
      .meta({ title: 'Time limit (seconds)' })
      .describe('A call that takes longer fails with a clear message.'),
    maxResultChars: z
      .number()
      .int()
      .min(200)
      .max(100_000)
      .default(8000)
      .meta({ title: 'Longest answer (characters)' })
      .describe('Longer answers are cut before the model reads them.'),
    tools: z
      .record(z.string().min(1).max(200), toolRule)
      .default({})
      .meta({ title: 'Per-tool rules', keyTitle: 'Tool name', addLabel: 'a rule for a tool' })
      .describe('Raise or lower a tool’s permission level, limit it to owners, or turn it off.'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (!s.url === !s.command)
      ctx.addIssue({ code: 'custom', message: 'give either an address (url) or a command, not both' });
  });

export const mcpSettings = z
  .object({
    servers: z
      .array(server)
      .default([])
      .meta({ title: 'Outside services', service: 'mcp' })
      .describe('Each service Quorra reaches over MCP.')
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        for (const s of list) {
          if (seen.has(s.id)) ctx.addIssue({ code: 'custom', message: `two services are named "${s.id}"` });
          seen.add(s.id);
        }
      }),
  })
  .strict();

export type McpSettings = z.infer<typeof mcpSettings>;
export type McpServerSettings = McpSettings['servers'][number];
export type ToolRule = z.infer<typeof toolRule>;
