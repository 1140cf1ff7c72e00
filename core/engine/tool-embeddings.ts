// The embedding model's part in the per-turn tool pick: how near each tool's text is to the new message in meaning.
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { cosine } from '../text/cosine.ts';

/** The embedding side of the model client. */
export interface ToolEmbedder {
  /** Set when embeddings can be had; without one the pick is BM25 alone. */
  readonly embeddingModel?: string;
  embed(texts: string[], opts?: { signal?: AbortSignal }): Promise<number[][]>;
}

// the nearest tool in meaning gains as much as a well-matched word in BM25: enough to enter the pick when no word
// is shared ("groceries" for a shopping list), not enough to outrank a tool the words name outright
const WEIGHT = 2.5;

/** What a tool is embedded as: its name in words, its description and its examples. */
const toolText = (tool: ToolDefinition<any>) =>
  [tool.name.replaceAll('_', ' '), tool.description, ...(tool.examples ?? [])].join('\n');

/**
 * Scores tools by cosine similarity to a message, scaled from 0 (the farthest of them) to WEIGHT (the nearest).
 * A tool's vector is computed once per definition (definitions are frozen; a plugin reload makes new ones), in the
 * same request as the message's, so a turn pays one embedding call. A failure leaves the pick to BM25.
 */
export class ToolEmbeddings {
  private readonly vectors = new WeakMap<ToolDefinition<any>, number[]>();

  constructor(
    private readonly model: ToolEmbedder,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async boost(
    tools: ToolDefinition<any>[],
    message: string,
    signal?: AbortSignal,
  ): Promise<Map<ToolDefinition<any>, number> | undefined> {
    if (!this.model.embeddingModel || !message.trim() || tools.length < 2) return undefined;
    const missing = tools.filter((t) => !this.vectors.has(t));
    let query: number[];
    try {
      const out = await this.model.embed([message, ...missing.map(toolText)], { signal });
      if (out.length !== missing.length + 1) throw new Error('the embedding answer has the wrong length');
      for (const [i, t] of missing.entries()) this.vectors.set(t, out[i + 1]);
      query = out[0];
    } catch (err) {
      if (signal?.aborted) throw err;
      this.onError(err);
      return undefined;
    }
    const sims = tools.map((t) => cosine(query, this.vectors.get(t)!));
    const valid = sims.filter((s) => Number.isFinite(s));
    if (!valid.length) return undefined;
    const lo = Math.min(...valid);
    const span = Math.max(...valid) - lo;
    const boost = new Map<ToolDefinition<any>, number>();
    tools.forEach((t, i) => {
      if (Number.isFinite(sims[i]) && span > 0) boost.set(t, (WEIGHT * (sims[i] - lo)) / span);
    });
    return boost;
  }
}
