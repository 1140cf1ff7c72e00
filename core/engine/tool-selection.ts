// Picks the few tools a turn offers out of those the gate allows: the ones in use, then the most relevant ones.
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { moreToolsTool } from './more-tools.ts';
import { scoreTools, type WeightedText } from './tool-relevance.ts';

export interface SelectionInput {
  /** The new message. */
  message: string;
  /** The last turns' texts, newest last; they count for less than the message. */
  recent: string[];
  /** Names of tools the conversation has already used: always offered while allowed. */
  used: readonly string[];
  /** At most this many tools are offered, `more_tools` included. */
  limit: number;
}

// the last turns say what the conversation is about; the new message says what is wanted now
const RECENT_WEIGHT = 0.5;
/** Slots filled in the gate's order when the conversation's words matched fewer tools than that. */
const PADDED = 4;

/**
 * The offered tools, in the gate's order (a stable order keeps the prompt's tool block the same across turns that
 * pick the same tools). When some allowed tools are left out, the last slot is `more_tools`, which names them and
 * can add them to this turn; the returned array grows when it does, so the caller must not copy it.
 */
export function selectTools(allowed: ToolDefinition<any>[], input: SelectionInput): ToolDefinition<any>[] {
  if (allowed.length <= input.limit) return [...allowed];
  const room = Math.max(input.limit - 1, 0);
  const used = new Set(input.used);
  const texts: WeightedText[] = [
    { text: input.message, weight: 1 },
    ...input.recent.map((text) => ({ text, weight: RECENT_WEIGHT })),
  ];
  const scores = scoreTools(allowed, texts);
  // up to PADDED slots that no word filled go to the first allowed tools (the gate's order): a short "whats on
  // today" that matched nothing still finds the everyday tools; past that, an unmatched tool is prefill for nothing
  const ranked = [...allowed]
    .map((tool, order) => ({ tool, order, score: used.has(tool.name) ? Infinity : scores.get(tool)! }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((r, i) => r.score > 0 || i < PADDED)
    .slice(0, room);
  const chosen = new Set(ranked.map((r) => r.tool));
  const offered = allowed.filter((t) => chosen.has(t));
  const rest = allowed.filter((t) => !chosen.has(t));
  offered.push(moreToolsTool(rest, offered));
  return offered;
}
