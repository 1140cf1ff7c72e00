// The offline embedder: signed feature hashing of words and word pairs, so search works with no model.
import type { Embedder } from './embedder.ts';

// Words that carry no topic; keeping them would make every chunk look alike.
const stopwords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in ' +
    'into is it its me my no not of on or our she so than that the their them then there these they this ' +
    'to too was we were what when where which who why will with would you your der die das und ist le la ' +
    'les et un une de het een en'
  ).split(' '),
);

/** Lower-cased, accent-folded word tokens with stopwords removed and a light plural strip. */
export function lexicalTokens(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const out: string[] = [];
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    let word = match[0];
    if (word.length < 2 || stopwords.has(word)) continue;
    if (word.length > 4 && word.endsWith('ies')) word = `${word.slice(0, -3)}y`;
    else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
    out.push(word);
  }
  return out;
}

// FNV-1a over UTF-16 code units: fast, stable across runs and platforms.
function hash(text: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Feature hashing: each unigram (weight 1) and adjacent bigram (weight 0.5) lands in a bucket with a
 * hashed sign, so collisions cancel on average; term frequency is damped with 1 + log(tf); the vector is
 * L2-normalised so cosine is a dot product. Deterministic: the same text always gives the same vector.
 */
export class LexicalEmbedder implements Embedder {
  readonly id = 'lexical-hash-v1';
  readonly kind = 'lexical' as const;

  constructor(readonly dimensions = 512) {}

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const counts = new Map<string, number>();
    const tokens = lexicalTokens(text);
    const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
    for (let i = 0; i < tokens.length; i++) {
      add(tokens[i], 1);
      if (i + 1 < tokens.length) add(`${tokens[i]} ${tokens[i + 1]}`, 0.5);
    }
    const v = new Float32Array(this.dimensions);
    for (const [feature, tf] of counts) {
      const h = hash(feature, 0);
      const sign = hash(feature, 0x9e3779b9) & 1 ? 1 : -1;
      v[h % this.dimensions] += sign * (1 + Math.log(tf));
    }
    return normalise(v);
  }

  /** Embeds a batch; never fails, never leaves the process. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  if (sum === 0) return v;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return v;
}
