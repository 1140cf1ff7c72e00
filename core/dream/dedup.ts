// Near-duplicate search for a claim: exact Jaccard over the slice's beliefs, optionally a semantic second pass.
import type { DataSource } from 'typeorm';
import type { Memory } from '../memory/memory.entity.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { MemorySlice } from '../memory/seal-filter.ts';
import { recentOfKind } from '../memory/slice-maintenance.ts';
import { cosine } from '../text/cosine.ts';
import { jaccard, wordSet } from '../text/jaccard.ts';
import type { ClaimKind } from './claim-parse.ts';
import { MAX_INDEXED_BELIEFS, SliceBeliefs } from './slice-beliefs.ts';

/** The embedding side of the model client. */
export interface Embedder {
  embed(texts: string[], opts?: { signal?: AbortSignal }): Promise<number[][]>;
}

export interface DedupOptions {
  jaccardThreshold: number;
  cosineThreshold: number;
  /** How many search results the semantic pass compares (with the newest beliefs of the claim's kind). */
  candidateLimit: number;
  /** How many of the newest same-kind beliefs widen the semantic pass. */
  semanticRecent: number;
}

/** The near-duplicate found for a claim, and how. */
export interface DedupMatch {
  memory: Memory;
  similarity: number;
  via: 'jaccard' | 'semantic';
}

export interface DedupResult {
  match: DedupMatch | null;
  /** The semantic pass was wanted but the embedder failed; the Jaccard result stands. */
  semanticFallback: boolean;
}

/**
 * Word sets by text, bounded: the same beliefs come back as candidates claim after claim, so tokenising each
 * text once per run saves most of the Jaccard step.
 */
export class WordSets {
  private readonly sets = new Map<string, Set<string>>();

  constructor(private readonly limit = 20_000) {}

  of(text: string): Set<string> {
    let set = this.sets.get(text);
    if (!set) {
      if (this.sets.size >= this.limit) this.sets.clear();
      set = wordSet(text);
      this.sets.set(text, set);
    }
    return set;
  }
}

/** The best candidate at or above the Jaccard threshold; the earlier (better-ranked) one wins a tie. */
export function bestJaccard(
  content: string,
  candidates: Memory[],
  threshold: number,
  words: (text: string) => ReadonlySet<string> = wordSet,
): DedupMatch | null {
  if (candidates.length === 0) return null;
  const claim = words(content);
  let best: DedupMatch | null = null;
  for (const memory of candidates) {
    const similarity = jaccard(claim, words(memory.content));
    if (similarity >= threshold && (!best || similarity > best.similarity)) {
      best = { memory, similarity, via: 'jaccard' };
    }
  }
  return best;
}

const CACHE_LIMIT = 5000;

/** Finds near-duplicates for claims within one slice; one instance per run so embeddings are cached. */
export class Deduper {
  private readonly vectors = new Map<string, number[]>();
  /** Shared with the consolidator's own-beliefs check, so a claim is tokenised once. */
  readonly words = new WordSets();
  /** The slice being consolidated, in a word index (null: too large to hold, the store is searched instead). */
  private view: { key: string; beliefs: SliceBeliefs | null } | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly store: MemoryStore,
    private readonly opts: DedupOptions,
    private readonly embedder: Embedder | undefined,
    private readonly now: () => Date = () => new Date(),
    /** Live beliefs of one slice held in memory at most; a larger slice is searched in the store. */
    private readonly indexCap = MAX_INDEXED_BELIEFS,
  ) {}

  /**
   * Jaccard first: the most similar live belief of the slice at or above the threshold, over every belief (a word
   * index loaded on the slice's first claim), or over the store's top search results for a slice too large to
   * hold. Only when it finds nothing and `semantic` is on, the claim is embedded and compared by cosine against the
   * search results widened to the newest beliefs of its kind: the second pass can add a match Jaccard missed, never
   * replace one, and any embedder failure leaves exactly the Jaccard result.
   */
  async find(
    slice: MemorySlice,
    claim: { content: string; kind: ClaimKind },
    semantic: boolean,
  ): Promise<DedupResult> {
    const beliefs = await this.beliefsOf(slice);
    const words = this.words.of(claim.content);
    let candidates: Memory[] | undefined;
    let match: DedupMatch | null;
    if (beliefs) match = await beliefs.best(words, this.opts.jaccardThreshold);
    else {
      candidates = await this.searchCandidates(slice, claim.content);
      match = bestJaccard(claim.content, candidates, this.opts.jaccardThreshold, (t) => this.words.of(t));
    }
    if (match || !semantic) return { match, semanticFallback: false };
    candidates ??= await this.searchCandidates(slice, claim.content);
    const recent = await recentOfKind(this.db, slice, claim.kind, this.opts.semanticRecent, this.now());
    const widened = [...new Map([...candidates, ...recent].map((m) => [m.id, m])).values()];
    if (widened.length === 0) return { match: null, semanticFallback: false };
    try {
      const vectors = await this.embedAll([claim.content, ...widened.map((m) => m.content)]);
      const [mine, ...theirs] = vectors;
      let best: DedupMatch | null = null;
      widened.forEach((memory, i) => {
        const similarity = cosine(mine, theirs[i]);
        if (Number.isNaN(similarity)) throw new Error('the embedder returned vectors that do not compare');
        if (similarity >= this.opts.cosineThreshold && (!best || similarity > best.similarity)) {
          best = { memory, similarity, via: 'semantic' };
        }
      });
      return { match: best, semanticFallback: false };
    } catch {
      return { match: null, semanticFallback: true };
    }
  }

  /** Re-reads what changed in place in the slice being consolidated (a run calls it before each batch). */
  async sync(): Promise<void> {
    await this.view?.beliefs?.sync();
  }

  /** Drops the slice's index (end of a slice run): nothing is held between runs. */
  release(): void {
    this.view = null;
  }

  private async beliefsOf(slice: MemorySlice): Promise<SliceBeliefs | null> {
    const key = JSON.stringify([slice.workspace, slice.ownerUserId]);
    if (this.view?.key !== key) {
      this.view = null;
      this.view = { key, beliefs: await SliceBeliefs.load(this.db, slice, this.now, this.indexCap) };
    }
    return this.view.beliefs;
  }

  private async searchCandidates(slice: MemorySlice, text: string): Promise<Memory[]> {
    return (await this.store.candidates(slice, text, this.opts.candidateLimit)).map((c) => c.memory);
  }

  /** Embeds the texts not cached yet in one request; throws when the embedder is missing or fails. */
  private async embedAll(texts: string[]): Promise<number[][]> {
    if (!this.embedder) throw new Error('no embedder');
    const known = new Map(
      texts.flatMap((t) => (this.vectors.has(t) ? [[t, this.vectors.get(t)!] as const] : [])),
    );
    const missing = [...new Set(texts.filter((t) => !known.has(t)))];
    if (missing.length > 0) {
      const got = await this.embedder.embed(missing);
      if (!Array.isArray(got) || got.length !== missing.length) throw new Error('embedder answered short');
      if (this.vectors.size + missing.length > CACHE_LIMIT) this.vectors.clear();
      missing.forEach((t, i) => {
        known.set(t, got[i]);
        this.vectors.set(t, got[i]);
      });
    }
    return texts.map((t) => known.get(t)!);
  }
}
