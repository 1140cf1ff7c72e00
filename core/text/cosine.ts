// Cosine similarity of two embedding vectors, for Dream's near-duplicates and the per-turn tool pick.

/** Cosine similarity of two vectors; NaN when they cannot be compared. */
export function cosine(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) return Number.NaN;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? Number.NaN : dot / Math.sqrt(na * nb);
}
