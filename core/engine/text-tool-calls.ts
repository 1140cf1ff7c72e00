// Reads tool calls a small model wrote as text (`<tool_call>{"name":…,"arguments":…}</tool_call>`).

/** A tool call recovered from text; arguments stay a JSON string like native calls. */
export interface TextToolCall {
  name: string;
  arguments: string;
}

/** Parses one captured <tool_call> body; null when it is not a call at all. */
export function parseTextToolCall(body: string): TextToolCall | null {
  const json = body.replace(/^```(?:json)?\s*|\s*```$/g, '').trim();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    const name = /"name"\s*:\s*"([^"]+)"/.exec(json)?.[1];
    // keep the broken arguments so the model is told exactly what failed to parse
    return name ? { name, arguments: json } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { name?: unknown; arguments?: unknown; parameters?: unknown };
  if (typeof v.name !== 'string') return null;
  const args = v.arguments ?? v.parameters ?? {};
  return { name: v.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}
