// The tool → tier → audience table, generated from the registry: docs/tool-audiences.md is this text, kept equal by a test.
import { audienceList, type ToolDefinition } from '../contracts/define-tool.ts';

const tierWords = ['0 (reads)', '1 (writes, audited)', '2 (confirmed first)'];

/** One row per tool, sorted by name; a tool without an audience shows `(none)`. */
export function audienceRows(
  tools: ToolDefinition<any>[],
): { tool: string; tier: number; audience: string }[] {
  return [...tools]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({ tool: t.name, tier: t.tier, audience: audienceList(t.audience).join(', ') || '(none)' }));
}

/** The Markdown document. */
export function audienceTable(tools: ToolDefinition<any>[], owners: (name: string) => string): string {
  const lines = [
    '# Who each tool is for',
    '',
    'Generated from the tool registry of a Quorra with every bundled plugin (`test/core/tools/tool-audiences.test.ts`',
    'fails when this file and the code differ; run it with `WRITE_TOOL_AUDIENCES=1` to rewrite it).',
    'The tool gate offers a tool only to its audience: `household` is any member, `owner` only the owner,',
    '`guest` a rental guest. A tool that writes (tier 1 or 2) cannot be registered without one.',
    '',
    '| Tool | From | Tier | Audience |',
    '| --- | --- | --- | --- |',
    ...audienceRows(tools).map(
      (r) => `| \`${r.tool}\` | ${owners(r.tool)} | ${tierWords[r.tier]} | ${r.audience} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
