// The `more_tools` tool: how the model reaches an allowed tool the turn's selection left out.
import { z } from 'zod';
import { defineTool, type ToolDefinition } from '../contracts/define-tool.ts';

export const MORE_TOOLS = 'more_tools';
// one input schema for every turn's more_tools, so its JSON schema is made once (tool-schema.ts caches by input)
const input = z.object({ add: z.array(z.string().max(64)).max(8).optional() });

/** A tool's description cut to its first sentence: enough to choose by, a line each. */
export function oneLine(description: string): string {
  const first = description.split(/(?<=[.!?])\s/)[0].trim();
  return first.length > 90 ? `${first.slice(0, 89)}…` : first;
}

/**
 * A tool for one turn over the tools the gate allowed but the selection did not offer. Named in `add`, a tool
 * joins `offered` (the turn's own array, which the loop and the runner read) for the rest of the turn; a name
 * outside `rest` is never added, so the gate's set stays the ceiling.
 */
export function moreToolsTool(
  rest: ToolDefinition<any>[],
  offered: ToolDefinition<any>[],
): ToolDefinition<any> {
  return defineTool({
    name: MORE_TOOLS,
    description: 'Lists the other tools here; add: names to use now.',
    tier: 0,
    scopes: ['*'],
    input,
    run({ add }) {
      const waiting = rest.filter((t) => !offered.includes(t));
      if (!add?.length) {
        if (!waiting.length) return 'No other tools.';
        return waiting.map((t) => `${t.name}: ${oneLine(t.description)}`).join('\n');
      }
      const added: string[] = [];
      const missing: string[] = [];
      for (const name of add) {
        const tool = waiting.find((t) => t.name === name);
        if (tool) {
          offered.push(tool);
          added.push(name);
        } else if (!offered.some((t) => t.name === name)) missing.push(name);
      }
      return [
        added.length ? `You can now call: ${added.join(', ')}.` : '',
        // the model's own strings are not echoed back: only how many of them were not found
        missing.length ? `${missing.length} of the names asked for are not available here.` : '',
      ]
        .filter(Boolean)
        .join(' ');
    },
  });
}
