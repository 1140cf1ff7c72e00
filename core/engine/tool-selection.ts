// Picks the few tools a turn offers out of those the gate allows: the ones in use, then the most relevant that fit.
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { toolSchema } from '../contracts/tool-schema.ts';
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
  /** The picked tools' schemas (`more_tools` included) stop at this many characters of JSON; unset: no cap. */
  schemaChars?: number;
  /** The tool the embedding model finds the message means (tool-meaning.ts): offered after the words' matches. */
  meant?: ToolDefinition<any>;
}

// the last turns say what the conversation is about; the new message says what is wanted now
const RECENT_WEIGHT = 0.5;
/** Slots filled in the gate's order when the conversation's words matched fewer tools than that. */
const PADDED = 4;

const sizes = new WeakMap<ToolDefinition<any>, number>();
/** A tool's schema as the model receives it, in characters: what it costs to offer, on every turn. */
export function schemaSize(tool: ToolDefinition<any>): number {
  let n = sizes.get(tool);
  if (n === undefined) {
    n = JSON.stringify(toolSchema(tool)).length;
    sizes.set(tool, n);
  }
  return n;
}
// more_tools is built per turn but its schema never changes: measured once
let moreToolsSize: number | undefined;
const moreSize = () => (moreToolsSize ??= JSON.stringify(toolSchema(moreToolsTool([], []))).length);

/**
 * The offered tools, in the gate's order (a stable order keeps the prompt's tool block the same across turns that
 * pick the same tools). When some allowed tools are left out, the last slot is `more_tools`, which names them and
 * can add them to this turn; the returned array grows when it does, so the caller must not copy it.
 */
export function selectTools(allowed: ToolDefinition<any>[], input: SelectionInput): ToolDefinition<any>[] {
  if (allowed.length <= input.limit) return [...allowed];
  return offerOf(allowed, pickTools(allowed, input));
}

/** The turn's offer for a chosen set: those of `allowed` in the gate's order, then `more_tools` for the rest. */
export function offerOf(allowed: ToolDefinition<any>[], chosen: ReadonlySet<ToolDefinition<any>>) {
  if (allowed.every((t) => chosen.has(t))) return [...allowed];
  const offered = allowed.filter((t) => chosen.has(t));
  const rest = allowed.filter((t) => !chosen.has(t));
  offered.push(moreToolsTool(rest, offered));
  return offered;
}

// a follow-up's words often match a few tools about alike ("and on friday?": listing tasks 2.65, the calendar 2.33):
// an offered tool this near the best match still answers it
const STILL_FITS = 0.75;

/**
 * Whether an earlier offer still serves the new message: it matches no tool (then the one it means, if any, must be
 * offered), or an offered tool matches it nearly as well as the best match of all.
 */
export function offerStillFits(
  allowed: ToolDefinition<any>[],
  chosen: ReadonlySet<ToolDefinition<any>>,
  input: Pick<SelectionInput, 'message' | 'meant'>,
): boolean {
  const scores = scoreTools(allowed, [{ text: input.message, weight: 1 }]);
  const best = Math.max(0, ...scores.values());
  if (best === 0) return !input.meant || chosen.has(input.meant);
  return Math.max(0, ...[...chosen].map((t) => scores.get(t) ?? 0)) >= STILL_FITS * best;
}

/** The chosen few (without `more_tools`): those in use, then by relevance while they fit the schema budget. */
function pickTools(allowed: ToolDefinition<any>[], input: SelectionInput): Set<ToolDefinition<any>> {
  const room = Math.max(input.limit - 1, 0);
  const used = new Set(input.used);
  const texts: WeightedText[] = [
    { text: input.message, weight: 1 },
    ...input.recent.map((text) => ({ text, weight: RECENT_WEIGHT })),
  ];
  const scores = scoreTools(allowed, texts);
  // meaning only adds: a tool the words missed but the embedding model found ranks after every word match and
  // before the unmatched ones, so it never moves a tool the words chose
  const score = (tool: ToolDefinition<any>) =>
    used.has(tool.name) ? Infinity : scores.get(tool)! || (tool === input.meant ? Number.MIN_VALUE : 0);
  // up to PADDED slots that nothing matched go to the first allowed tools (the gate's order): a short "whats on
  // today" that matched nothing still finds the everyday tools; past that, an unmatched tool is prefill for nothing
  const ranked = [...allowed]
    .map((tool, order) => ({ tool, order, score: score(tool) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((r, i) => r.score > 0 || i < PADDED);
  // in rank order, each tool that still fits the budget: a heavy schema gives way to the next lighter one; those in
  // use and the best of the others are offered whatever they cost (the new message may ask for something new)
  let left = (input.schemaChars ?? Infinity) - moreSize();
  const chosen = new Set<ToolDefinition<any>>();
  let best = true;
  for (const r of ranked) {
    if (chosen.size >= room) break;
    const size = schemaSize(r.tool);
    const always = r.score === Infinity || best;
    if (!always && size > left) continue;
    if (r.score !== Infinity) best = false;
    chosen.add(r.tool);
    left -= size;
  }
  return chosen;
}
