// `/mcp`: Quorra as a Streamable HTTP MCP server for the family's other AI apps, as the person whose token it is.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { buildInfo } from '../build-info.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { defineRoute, RouteReply, withStatus } from '../contracts/route-definition.ts';
import { toolSchema } from '../contracts/tool-schema.ts';
import type { Engine } from '../engine/engine.ts';
import { McpToolPath } from './mcp-tool-path.ts';

const message = z.record(z.string(), z.unknown());

// the SDK's server loads with the first /mcp request, not at start: most households never connect another AI app
const loadSdk = () =>
  Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
let sdk: ReturnType<typeof loadSdk> | undefined;
const serverSdk = () => (sdk ??= loadSdk());

/** A Quorra tool as MCP lists it; its tier becomes the read-only / destructive hints. */
function mcpTool(tool: ToolDefinition<any>): Tool {
  const fn = (toolSchema(tool) as { function: { parameters?: unknown } }).function;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { type: 'object', ...(fn.parameters as object) },
    annotations: { readOnlyHint: tool.tier === 0, destructiveHint: tool.tier === 2 },
  };
}

export function mcpRoutes(engine: Engine) {
  const path = new McpToolPath(engine);
  const notStreaming = () =>
    new RouteReply(
      405,
      {
        error: {
          code: 'METHOD_NOT_ALLOWED',
          message: 'this MCP server answers POST requests only (no event stream)',
        },
      },
      undefined,
      { allow: 'POST' },
    );
  return [
    defineRoute({
      method: 'POST',
      path: '/mcp',
      auth: 'member',
      summary:
        'MCP (Streamable HTTP, stateless JSON): Quorra’s tools for another AI app, as the token’s person',
      body: z.union([message, z.array(message).max(50)]),
      handler: async ({ principal, body, header }) => {
        const [
          { Server },
          { WebStandardStreamableHTTPServerTransport },
          { CallToolRequestSchema, ListToolsRequestSchema },
        ] = await serverSdk();
        const server = new Server(
          { name: 'quorra', version: buildInfo.version },
          { capabilities: { tools: {} } },
        );
        server.setRequestHandler(ListToolsRequestSchema, async () => ({
          tools: (await path.list(principal)).map(mcpTool),
        }));
        server.setRequestHandler(CallToolRequestSchema, async (req) => {
          const out = await path.call(principal, req.params.name, req.params.arguments ?? {});
          if (out.kind === 'result')
            return { content: [{ type: 'text', text: out.text }], isError: out.isError };
          return {
            content: [{ type: 'text', text: out.text }],
            structuredContent: {
              confirmation: {
                id: out.confirmationId,
                session_id: out.sessionId,
                description: out.description,
              },
            },
          };
        });
        // stateless: one transport per request, answers as JSON (no session to keep, nothing left open)
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        for (const h of ['accept', 'mcp-protocol-version']) {
          const v = header(h);
          if (v) headers[h] = v;
        }
        try {
          const res = await transport.handleRequest(
            new Request('http://quorra.invalid/mcp', { method: 'POST', headers, body: JSON.stringify(body) }),
            { parsedBody: body },
          );
          const text = await res.text();
          return withStatus(res.status, text, res.headers.get('content-type') ?? 'application/json');
        } finally {
          await server.close();
        }
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/mcp',
      auth: 'member',
      summary: 'MCP event stream: not offered (405)',
      handler: notStreaming,
    }),
    defineRoute({
      method: 'DELETE',
      path: '/mcp',
      auth: 'member',
      summary: 'MCP session end: nothing to end (405)',
      handler: notStreaming,
    }),
  ];
}
