// Generated embedding-like vectors: topics, subtopics and documents, so neighbours exist as in real text.
import { prng } from './prng.ts';

/**
 * Uniform random 768-dim vectors have no neighbours worth the name (every pair is nearly orthogonal), which
 * says nothing about a text corpus. These mimic one: a chunk = topic + subtopic + its document + its own
 * noise, five chunks per document; a query = a topic + subtopic + noise (a question about something).
 */
export class ClusteredVectors {
  private readonly rand: () => number;
  private readonly topics: Float32Array[];
  private readonly subtopics: Float32Array[];
  private doc: Float32Array = new Float32Array(0);

  constructor(
    readonly dims: number,
    seed = 0x768,
    topics = 200,
    private readonly perTopic = 20,
  ) {
    this.rand = prng(seed);
    this.topics = Array.from({ length: topics }, () => this.noise(1));
    this.subtopics = Array.from({ length: topics * perTopic }, () => this.noise(0.7));
  }

  /** The i-th chunk's unit vector (call with i = 0, 1, 2, … in order: every fifth starts a new document). */
  chunk(i: number): Float32Array {
    if (i % 5 === 0 || !this.doc.length) this.doc = this.sum(this.pickSubtopic(), this.noise(0.5));
    return unit(this.sum([this.doc], this.noise(0.35)));
  }

  /** A query's unit vector. */
  query(): Float32Array {
    return unit(this.sum(this.pickSubtopic(), this.noise(0.6)));
  }

  /** `n` chunks packed row after row. */
  chunks(n: number, from = 0): Float32Array {
    const out = new Float32Array(n * this.dims);
    for (let i = 0; i < n; i++) out.set(this.chunk(from + i), i * this.dims);
    return out;
  }

  private pickSubtopic(): Float32Array[] {
    const s = Math.floor(this.rand() * this.subtopics.length);
    return [this.topics[Math.floor(s / this.perTopic)], this.subtopics[s]];
  }

  // Uniform components scaled so the vector's expected length is `scale` (cheaper than Gaussians, same use).
  private noise(scale: number): Float32Array {
    const v = new Float32Array(this.dims);
    const f = (scale * Math.sqrt(3)) / Math.sqrt(this.dims);
    for (let j = 0; j < this.dims; j++) v[j] = (this.rand() * 2 - 1) * f;
    return v;
  }

  private sum(parts: Float32Array[], extra: Float32Array): Float32Array {
    const v = Float32Array.from(extra);
    for (const p of parts) for (let j = 0; j < v.length; j++) v[j] += p[j];
    return v;
  }
}

/** Scales to unit length (in place) and returns the vector. */
export function unit(v: Float32Array): Float32Array {
  let s = 0;
  for (let j = 0; j < v.length; j++) s += v[j] * v[j];
  const n = Math.sqrt(s) || 1;
  for (let j = 0; j < v.length; j++) v[j] /= n;
  return v;
}
