// The approvals-queue kind for a server tool that is new or changed ("rug pull"): out of the offer until an owner approves.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalKindDefinition } from 'quorra/plugin';
import { z } from 'zod';
import { capText, cleanText } from './untrusted-text.ts';

export const TOOL_CHANGE_KIND = 'mcp_tool_change';

const payload = z.object({
  server: z.string().max(16),
  serverLabel: z.string().max(60),
  tool: z.string().max(200),
  quorraName: z.string().max(64),
  hash: z.string().length(64),
  change: z.enum(['new', 'changed']),
  description: z.string().max(2000),
  schema: z.string().max(4000),
});
export type ToolChangePayload = z.infer<typeof payload>;

/** The payload for a waiting tool: its text cleaned and capped, since the card shows it (as data). */
export function toolChangePayload(
  server: { id: string; label: string },
  tool: Tool,
  quorraName: string,
  hash: string,
  change: 'new' | 'changed',
): ToolChangePayload {
  return {
    server: server.id,
    serverLabel: server.label,
    tool: tool.name,
    quorraName,
    hash,
    change,
    description: capText(cleanText(tool.description ?? ''), 1500),
    schema: capText(cleanText(JSON.stringify(tool.inputSchema ?? {})), 3500),
  };
}

/** The kind: the owner reads what the service now says and either lets the tool back in or leaves it out. */
export function toolChangeKind(
  approve: (p: ToolChangePayload) => Promise<boolean>,
): ApprovalKindDefinition<ToolChangePayload> {
  return {
    kind: TOOL_CHANGE_KIND,
    payload,
    audience: 'owners',
    describe: (p) =>
      p.change === 'new'
        ? `Offer the new tool ${p.quorraName} of ${p.serverLabel}`
        : `Offer ${p.quorraName} of ${p.serverLabel} again: its description or inputs changed`,
    fields: (p) => [
      { label: 'Service', value: p.serverLabel },
      { label: 'Tool', value: p.quorraName },
      { label: 'What the service now says it does', value: p.description || '(nothing)', untrusted: true },
      { label: 'What it takes', value: p.schema, untrusted: true },
    ],
    labels: { approve: 'Offer it', reject: 'Keep it out' },
    async apply(p) {
      return (await approve(p))
        ? { ok: true, result: `${p.quorraName} is offered again` }
        : { ok: false, error: 'the service changed this tool again since; a newer request is waiting' };
    },
  };
}
