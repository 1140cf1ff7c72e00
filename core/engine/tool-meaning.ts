// The embedding model's part in the per-turn tool pick: the one tool a request clearly means, when its words miss it.
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { cosine } from '../text/cosine.ts';
import { foldWord, STOPWORDS, words } from '../text/word-tokens.ts';

/** The embedding side of the model client. */
export interface ToolEmbedder {
  /** Set when embeddings can be had; without one the pick is BM25 alone. */
  readonly embeddingModel?: string;
  embed(texts: string[], opts?: { signal?: AbortSignal }): Promise<number[][]>;
}

// "hi", "thanks", "ok then": small talk asks for no tool, and its offer must stay the everyday one, the same bytes
// turn after turn, so the cached prompt prefix holds; a request says what it wants in a few words more
const MIN_WORDS = 3;
// the nearest tool must stand apart from the rest (in standard deviations above their mean similarity): a request
// that means every tool a little means none of them; and by a margin in cosine, so that a hair's difference among
// tools that are all alike is not taken for meaning
const STANDOUT = 1.5;
const MARGIN = 0.05;

/** What a tool is embedded as: its name in words, its description and its examples. */
const toolText = (tool: ToolDefinition<any>) =>
  [tool.name.replaceAll('_', ' '), tool.description, ...(tool.examples ?? [])].join('\n');

/**
 * Finds the tool a message is nearest to in meaning, when one stands out, so the pick can add it beside the tools
 * its words found ("we're out of eggs" for the shopping list). It only ever adds: words and tools in use keep their
 * places (tool-selection.ts). A tool's vector is computed once per definition (definitions are frozen; a plugin
 * reload makes new ones), in the same request as the message's, so a turn pays one embedding call at most. A
 * failing endpoint leaves the pick to the words.
 */
export class ToolMeaning {
  // keyed by the embedding model too: vectors of two models do not compare
  private readonly vectors = new WeakMap<ToolDefinition<any>, { model: string; vector: number[] }>();

  constructor(
    private readonly model: ToolEmbedder,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async nearest(
    tools: ToolDefinition<any>[],
    message: string,
    signal?: AbortSignal,
  ): Promise<ToolDefinition<any> | undefined> {
    const model = this.model.embeddingModel;
    if (!model || tools.length < 3) return undefined;
    if (words(message).filter((w) => !STOPWORDS.has(foldWord(w))).length < MIN_WORDS) return undefined;
    const missing = tools.filter((t) => this.vectors.get(t)?.model !== model);
    let query: number[];
    try {
      const out = await this.model.embed([message, ...missing.map(toolText)], { signal });
      if (out.length !== missing.length + 1) throw new Error('the embedding answer has the wrong length');
      for (const [i, t] of missing.entries()) this.vectors.set(t, { model, vector: out[i + 1] });
      query = out[0];
    } catch (err) {
      if (signal?.aborted) throw err;
      this.onError(err);
      return undefined;
    }
    const sims = tools.map((t) => cosine(query, this.vectors.get(t)!.vector));
    if (sims.some((s) => !Number.isFinite(s))) return undefined;
    const best = sims.indexOf(Math.max(...sims));
    const others = sims.filter((_, i) => i !== best);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    const sd = Math.sqrt(others.reduce((a, b) => a + (b - mean) ** 2, 0) / others.length);
    const lead = sims[best] - mean;
    return lead >= MARGIN && lead > STANDOUT * sd ? tools[best] : undefined;
  }
}
