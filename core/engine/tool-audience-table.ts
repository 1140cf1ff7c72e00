// The tool → tier → audience table, generated from the registry into docs/security.md, kept equal by a test.
import { audienceList, type ToolDefinition } from '../contracts/define-tool.ts';

const tierWords = ['0 (reads)', '1 (writes, audited)', '2 (confirmed first)'];

/** One row per tool, sorted by name; a tool without an audience shows `(none)`. */
export function audienceRows(
  tools: readonly ToolDefinition<any>[],
): { tool: string; tier: number; audience: string }[] {
  return [...tools]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({ tool: t.name, tier: t.tier, audience: audienceList(t.audience).join(', ') || '(none)' }));
}

export const audienceStart =
  '<!-- tool-audiences:start (generated from the tool registry: WRITE_TOOL_AUDIENCES=1 npx mocha test/core/tools/tool-audiences.test.ts) -->';
export const audienceEnd = '<!-- tool-audiences:end -->';

/** The Markdown table: one row per tool, with the plugin that registered it. */
export function audienceTable(
  tools: readonly ToolDefinition<any>[],
  owners: (name: string) => string,
): string {
  return [
    '| Tool | From | Tier | Audience |',
    '| --- | --- | --- | --- |',
    ...audienceRows(tools).map(
      (r) => `| \`${r.tool}\` | ${owners(r.tool)} | ${tierWords[r.tier]} | ${r.audience} |`,
    ),
  ].join('\n');
}

/** The document with the text between the markers replaced by the table. */
export function withAudienceTable(doc: string, table: string): string {
  const start = doc.indexOf(audienceStart);
  const end = doc.indexOf(audienceEnd);
  if (start < 0 || end < start) throw new Error('the document has no tool-audiences markers');
  return `${doc.slice(0, start + audienceStart.length)}\n${table}\n${doc.slice(end)}`;
}
